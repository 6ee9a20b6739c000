import { DEFAULT_REFERRAL_SETTINGS, type ReferralSettings } from '@punkto/contracts/referrals';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, it } from 'vitest';
import type { ReferralEvent } from './referral';
import {
  referralDecider,
  type ClaimReferral,
  type ReferralParty,
  type RewardReferral,
} from './referral.decider';

/** ADR 0061: the fraud rules of a claim, the first real visit rewarding both once, the referrer's monthly cap. */
const spec = deciderSpecification(referralDecider);
const CLAIMED_AT = '2026-11-02T10:00:00.000Z';
const VISIT_AT = '2026-11-05T12:00:00.000Z';
const ids = { friendCardId: 'c-friend', referrerCardId: 'c-anna', tenantId: 't1', programId: 'p1' };

const anna: ReferralParty = {
  cardId: 'c-anna',
  tenantId: 't1',
  programId: 'p1',
  userId: 'u-anna',
  phone: '+48600100200',
};
const ola: ReferralParty = {
  cardId: 'c-friend',
  tenantId: 't1',
  programId: 'p1',
  userId: 'u-ola',
  phone: '+48600300400',
};

const claim = (
  friend: Partial<ReferralParty> = {},
  more: Partial<Omit<ClaimReferral['data'], 'friend' | 'referrer'>> = {},
): ClaimReferral => ({
  type: 'ClaimReferral',
  data: {
    friend: { ...ola, ...friend },
    referrer: anna,
    friendDevice: 'dev-ola',
    referrerDevices: ['dev-anna'],
    friendHasVisited: false,
    ...more,
  },
  metadata: { now: new Date(CLAIMED_AT) },
});

const ON: ReferralSettings = { enabled: true, referrerBonus: 50, friendBonus: 20, monthlyCap: 5 };
const reward = (settings: ReferralSettings = ON, referrerRewardedThisMonth = 0): RewardReferral => ({
  type: 'RewardReferral',
  data: { awardCommandId: 'earn-1', settings, unit: 'points', referrerRewardedThisMonth, month: '2026-11' },
  metadata: { now: new Date(VISIT_AT) },
});

const claimed: ReferralEvent = { type: 'ReferralClaimed', data: { ...ids, claimedAt: CLAIMED_AT } };
const refused = (
  reason: 'same_person' | 'same_phone' | 'same_device' | 'existing_customer' | 'other_program',
) => ({ type: 'ReferralRefused', data: { ...ids, reason, refusedAt: CLAIMED_AT } }) as ReferralEvent;
const rewarded = (friendBonus: number, referrerBonus: number, capReached = false): ReferralEvent => ({
  type: 'ReferralRewarded',
  data: {
    ...ids,
    awardCommandId: 'earn-1',
    unit: 'points',
    friendBonus,
    referrerBonus,
    capReached,
    month: '2026-11',
    rewardedAt: VISIT_AT,
  },
});

describe('given a new card with no referral', () => {
  it('when a friend claims another person’s invite, then the referral is claimed', () =>
    spec.given([]).when(claim()).then([claimed]));

  it('when the same account claims its own invite, then it is refused (same_person)', () =>
    spec
      .given([])
      .when(claim({ userId: 'u-anna' }))
      .then([refused('same_person')]));

  it('when the friend has the referrer’s phone, then it is refused (same_phone)', () =>
    spec
      .given([])
      .when(claim({ phone: '+48600100200' }))
      .then([refused('same_phone')]));

  it('when neither has a phone, then no phone rule applies', () =>
    spec
      .given([])
      .when({
        ...claim({ phone: null }),
        data: { ...claim({ phone: null }).data, referrer: { ...anna, phone: null } },
      })
      .then([claimed]));

  it('when the claim comes from a device the referrer opened the invite on, then it is refused (same_device)', () =>
    spec
      .given([])
      .when(claim({}, { friendDevice: 'dev-anna' }))
      .then([refused('same_device')]));

  it('when the card already had a visit, then it is refused (existing_customer)', () =>
    spec
      .given([])
      .when(claim({}, { friendHasVisited: true }))
      .then([refused('existing_customer')]));

  it('when the invite is of another program, then it is refused (other_program)', () =>
    spec
      .given([])
      .when(claim({ programId: 'p2' }))
      .then([
        {
          type: 'ReferralRefused',
          data: { ...ids, programId: 'p2', reason: 'other_program', refusedAt: CLAIMED_AT },
        },
      ]));

  it('when a visit is awarded, then nothing is rewarded (no referral)', () =>
    spec.given([]).when(reward()).thenNothingHappens());
});

describe('given a claimed referral', () => {
  it('when it is claimed again, then nothing happens (once)', () =>
    spec.given([claimed]).when(claim()).thenNothingHappens());

  it('when the friend’s first visit is awarded, then both get the program’s bonuses', () =>
    spec
      .given([claimed])
      .when(reward())
      .then([rewarded(20, 50)]));

  it('when the referrer already has the month’s cap of rewarded referrals, then only the friend gets a bonus', () =>
    spec
      .given([claimed])
      .when(reward(ON, 5))
      .then([rewarded(20, 0, true)]));

  it('when referrals were switched off before the visit, then it closes with no bonus', () =>
    spec
      .given([claimed])
      .when(reward({ ...ON, enabled: false }))
      .then([rewarded(0, 0)]));

  it('when a default (off) program rewards it, then no bonus either', () =>
    spec
      .given([claimed])
      .when(reward(DEFAULT_REFERRAL_SETTINGS))
      .then([rewarded(0, 0)]));
});

describe('given a rewarded referral', () => {
  it('when a later visit is awarded (or the first one redelivered), then nothing happens: rewarded once', () =>
    spec
      .given([claimed, rewarded(20, 50)])
      .when(reward())
      .thenNothingHappens());
});

describe('given a refused referral', () => {
  it('when the friend’s first visit is awarded, then nobody is rewarded', () =>
    spec
      .given([refused('same_phone')])
      .when(reward())
      .thenNothingHappens());

  it('when it is claimed again from another device, then nothing happens (the refusal stands)', () =>
    spec
      .given([refused('same_device')])
      .when(claim({}, { friendDevice: 'dev-other' }))
      .thenNothingHappens());
});
