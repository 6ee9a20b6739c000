import { toStreamId } from '@punkto/contracts/events';
import type { ReferralRefusal } from '@punkto/contracts/referrals';

/**
 * The Referral aggregate (ADR 0061), one per friend's card (stream `referral-<friendCardId>`): the card was
 * joined with someone's invite, the referral was claimed or refused by the fraud rules, and the friend's first
 * real visit rewarded it once. Events, state and evolve; pure. The bonuses themselves are balance adjustments
 * on the two cards (referral-rewards.ts), made exactly once by their deterministic command ids.
 */
export const toReferralStreamId = (friendCardId: string) => toStreamId('referral', friendCardId);

interface ReferralIds {
  friendCardId: string;
  referrerCardId: string;
  tenantId: string;
  programId: string;
}

export type ReferralClaimed = { type: 'ReferralClaimed'; data: ReferralIds & { claimedAt: string } };
export type ReferralRefused = {
  type: 'ReferralRefused';
  data: ReferralIds & { reason: ReferralRefusal; refusedAt: string };
};
export type ReferralRewarded = {
  type: 'ReferralRewarded';
  data: ReferralIds & {
    /** the friend's first award that rewarded it */
    awardCommandId: string;
    unit: 'points' | 'stamps';
    friendBonus: number;
    /** 0 when the referrer's monthly cap was reached (`capReached`) */
    referrerBonus: number;
    capReached: boolean;
    /** Europe/Warsaw calendar month of the visit, `2026-11`: what the referrer's cap counts */
    month: string;
    rewardedAt: string;
  };
};
export type ReferralEvent = ReferralClaimed | ReferralRefused | ReferralRewarded;

export type Referral =
  | { status: 'none' }
  | ({ status: 'claimed' } & ReferralIds & { claimedAt: string })
  | ({ status: 'refused' } & ReferralIds & { reason: ReferralRefusal; refusedAt: string })
  | ({ status: 'rewarded' } & ReferralIds & { claimedAt: string } & Omit<
        ReferralRewarded['data'],
        keyof ReferralIds
      >);

export const initialReferral = (): Referral => ({ status: 'none' });

export function evolveReferral(state: Referral, event: ReferralEvent): Referral {
  switch (event.type) {
    case 'ReferralClaimed':
      return state.status === 'none' ? { status: 'claimed', ...event.data } : state;
    case 'ReferralRefused':
      return state.status === 'none' ? { status: 'refused', ...event.data } : state;
    case 'ReferralRewarded':
      return state.status === 'claimed' ? { ...state, ...event.data, status: 'rewarded' } : state;
  }
}
