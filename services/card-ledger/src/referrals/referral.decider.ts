import type { ReferralSettings } from '@punkto/contracts/referrals';
import type { Decider } from '@punkto/platform/es/decider';
import { evolveReferral, initialReferral, type Referral, type ReferralEvent } from './referral';

/** One side of a referral as the fraud rules compare it. */
export interface ReferralParty {
  cardId: string;
  tenantId: string;
  programId: string;
  /** the holder: the account's user id (or `client:<clientId>`, ADR 0056) */
  userId: string;
  /** E.164, null when the client gave none */
  phone: string | null;
}

/**
 * The friend's new card claims the invite of the referrer's card. `friendDevice` is the device cookie of the
 * claim; `referrerDevices` those the referrer opened the invite from. `friendHasVisited`: the card already has
 * an award (an existing customer cannot be "referred").
 */
export type ClaimReferral = {
  type: 'ClaimReferral';
  data: {
    friend: ReferralParty;
    referrer: ReferralParty;
    friendDevice: string | null;
    referrerDevices: string[];
    friendHasVisited: boolean;
  };
  metadata: { now: Date };
};

/**
 * The friend's first real visit (a staff award: PointsEarned / StampsAdded) rewards the referral once, by the
 * settings of the program at the visit. `referrerRewardedThisMonth`: the referrer's referrals rewarded in the
 * visit's Europe/Warsaw month (the cap); `month` that month (`2026-11`).
 */
export type RewardReferral = {
  type: 'RewardReferral';
  data: {
    awardCommandId: string;
    settings: ReferralSettings;
    unit: 'points' | 'stamps';
    referrerRewardedThisMonth: number;
    month: string;
  };
  metadata: { now: Date };
};

export type ReferralCommand = ClaimReferral | RewardReferral;

function claim({ data, metadata }: ClaimReferral, state: Referral): ReferralEvent[] {
  if (state.status !== 'none') return []; // claimed or refused once; a retry decides nothing
  const { friend, referrer } = data;
  const ids = {
    friendCardId: friend.cardId,
    referrerCardId: referrer.cardId,
    tenantId: friend.tenantId,
    programId: friend.programId,
  };
  const at = metadata.now.toISOString();
  const reason = refusalOf(data);
  if (reason) return [{ type: 'ReferralRefused', data: { ...ids, reason, refusedAt: at } }];
  return [{ type: 'ReferralClaimed', data: { ...ids, claimedAt: at } }];
}

/** the first fraud rule the claim breaks, or null */
function refusalOf(data: ClaimReferral['data']) {
  const { friend, referrer } = data;
  if (friend.tenantId !== referrer.tenantId || friend.programId !== referrer.programId)
    return 'other_program';
  if (friend.userId === referrer.userId || friend.cardId === referrer.cardId) return 'same_person';
  if (friend.phone && friend.phone === referrer.phone) return 'same_phone';
  if (data.friendDevice && data.referrerDevices.includes(data.friendDevice)) return 'same_device';
  if (data.friendHasVisited) return 'existing_customer';
  return null;
}

function reward({ data, metadata }: RewardReferral, state: Referral): ReferralEvent[] {
  if (state.status !== 'claimed') return []; // once; a refused referral rewards nobody
  const { settings } = data;
  const capReached = data.referrerRewardedThisMonth >= settings.monthlyCap;
  const on = settings.enabled;
  return [
    {
      type: 'ReferralRewarded',
      data: {
        friendCardId: state.friendCardId,
        referrerCardId: state.referrerCardId,
        tenantId: state.tenantId,
        programId: state.programId,
        awardCommandId: data.awardCommandId,
        unit: data.unit,
        friendBonus: on ? settings.friendBonus : 0,
        referrerBonus: on && !capReached ? settings.referrerBonus : 0,
        capReached: on && capReached,
        month: data.month,
        rewardedAt: metadata.now.toISOString(),
      },
    },
  ];
}

export const referralDecider: Decider<Referral, ReferralCommand, ReferralEvent> = {
  decide: (command, state) =>
    command.type === 'ClaimReferral' ? claim(command, state) : reward(command, state),
  evolve: evolveReferral,
  initialState: initialReferral,
};
