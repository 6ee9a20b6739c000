import type { ReferralInviteChangedData } from '@punkto/contracts/integration-events';
import { toStreamId } from '@punkto/contracts/events';
import type { Decider } from '@punkto/platform/es/decider';

/**
 * The card's invite as its passes show it (ADR 0061): stream `invite-<cardId>`, relayed on cardledger.cards.v1
 * so the notification service puts the link on the back of the card's passes. Pure. A code is published when
 * it differs from the last one published; `null` (referrals switched off) only after a code was.
 */
export const INVITE_STREAM_PREFIX = 'invite-';
export const toInviteStreamId = (cardId: string) => toStreamId('invite', cardId);

export type ReferralInviteChanged = { type: 'ReferralInviteChanged'; data: ReferralInviteChangedData };
/** the code the passes show: undefined before anything was published */
export type InviteShown = { code: string | null | undefined };

export type ShowInvite = {
  type: 'ShowInvite';
  data: { cardId: string; tenantId: string; programId: string; code: string | null };
  metadata: { now: Date };
};

export const inviteDecider: Decider<InviteShown, ShowInvite, ReferralInviteChanged> = {
  decide({ data, metadata }, state) {
    if (state.code === data.code || (state.code === undefined && data.code === null)) return [];
    return [{ type: 'ReferralInviteChanged', data: { ...data, changedAt: metadata.now.toISOString() } }];
  },
  evolve: (_state, event) => ({ code: event.data.code }),
  initialState: () => ({ code: undefined }),
};
