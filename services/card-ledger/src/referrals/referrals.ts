import {
  DEFAULT_REFERRAL_SETTINGS,
  ReferralErrors,
  type ClaimReferralResponse,
  type ReferralInvite,
  type ReferralSettings,
  type ReferralTarget,
  referralRefusalLabels,
} from '@punkto/contracts/referrals';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import { commandHandler } from '@punkto/platform/es/command-handler';
import { fold } from '@punkto/platform/es/decider';
import { domainError, NotFoundError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { IssuedCard } from '../cards/card';
import type { CardLedger } from '../cards/card-ledger';
import { CardNotFoundError } from '../cards/card.errors';
import { toReferralStreamId, type Referral, type ReferralEvent } from './referral';
import { referralDecider, type ReferralCommand, type ReferralParty } from './referral.decider';
import { showInvitesOf, type InviteStreams } from './invite-publishing';
import { deviceHash, type ReferralStore } from './referral-store';

/**
 * "Bring a friend" (ADR 0061): the company's settings, the customer's invite, the friend's claim and the reward
 * on the friend's first real visit. One exported function per use case over {@link ReferralDeps}.
 */
export const ReferralNotFoundError = domainError('ReferralNotFoundError', ReferralErrors.notFound);
export const ReferralAlreadyClaimedError = domainError(
  'ReferralAlreadyClaimedError',
  ReferralErrors.alreadyClaimed,
);

export type ReferralDeps = Pick<CardLedger, 'projection' | 'programs' | 'rulesFor' | 'copies' | 'clock'> & {
  store: ReferralStore;
  referrals: ReferralStreams;
  /** the invite links on the passes (invite-publishing.ts) */
  invites: InviteStreams;
};

export interface ReferralStreams {
  /** one Referral command: stream read, decided, appended (a lost race decides again), read model written */
  execute(
    friendCardId: string,
    command: (now: Date) => Promise<ReferralCommand>,
  ): Promise<{ before: Referral; after: Referral }>;
  /** the referral as its stream says (the read model is written after the append: the stream is the truth) */
  state(friendCardId: string): Promise<Referral>;
}

export function referralStreams(
  eventStore: EventStore,
  store: ReferralStore,
  clock: () => Date,
): ReferralStreams {
  const handle = commandHandler(eventStore, referralDecider);
  return {
    async execute(friendCardId, command) {
      let before: Referral = { status: 'none' };
      const result = await handle(toReferralStreamId(friendCardId), async (state) => {
        before = state;
        return { command: await command(clock()) };
      });
      await store.project(friendCardId, result.newState);
      return { before, after: result.newState };
    },
    async state(friendCardId) {
      const stream = await eventStore.readStream(toReferralStreamId(friendCardId));
      const state = fold(
        referralDecider,
        stream.map((e) => ({ type: e.type, data: e.data }) as ReferralEvent),
      );
      await store.project(friendCardId, state); // catches up a read model a crash left behind
      return state;
    },
  };
}

const unitOf = (kind: string | undefined): 'points' | 'stamps' => (kind === 'stamps' ? 'stamps' : 'points');

/** the program of this company (a deleted one, or another company's, is not found) */
async function programOf(deps: Pick<ReferralDeps, 'programs'>, tenantId: string, programId: string) {
  const copy = await deps.programs.get(programId);
  if (!copy.data || copy.deleted || copy.data.tenantId !== tenantId)
    throw new NotFoundError('Nie znaleziono programu.');
  return copy.data;
}

/**
 * The program's settings. A program this service has not heard of yet (just created: its ProgramDefined is on
 * its way over the bus) reads as the defaults, so its edit page opens; another company's or a deleted one is 404.
 */
export async function referralSettings(deps: ReferralDeps, tenantId: string, programId: string) {
  const copy = await deps.programs.get(programId);
  if (!copy.data && !copy.deleted) return DEFAULT_REFERRAL_SETTINGS;
  await programOf(deps, tenantId, programId);
  return deps.store.settingsOf(programId);
}

export async function saveReferralSettings(
  deps: ReferralDeps,
  tenantId: string,
  programId: string,
  settings: ReferralSettings,
): Promise<ReferralSettings> {
  await programOf(deps, tenantId, programId);
  await deps.store.saveSettings(tenantId, programId, settings);
  // the passes of the program's cards get (or lose) the invite link
  const activeCards = (id: string) => deps.projection.active({ programId: id });
  await showInvitesOf({ ...deps, activeCards }, programId);
  return settings;
}

/** the customer's own active card (anyone else's, or a closed one, is not found) */
async function ownCard(
  deps: Pick<ReferralDeps, 'projection'>,
  userId: string,
  cardId: string,
): Promise<IssuedCard> {
  const card = await deps.projection.issued(cardId);
  if (!card || card.userId !== userId || card.status !== 'active') throw new CardNotFoundError();
  return card;
}

/**
 * GET …/my-cards/{cardId}/invite: the card's invite code, remembering the device it was opened on — only while the
 * company runs referrals: the portal asks for every card, and a company that never switches them on should not
 * collect a code and device hashes for each of its customers
 */
export async function myInvite(
  deps: ReferralDeps,
  input: { userId: string; cardId: string; device: string },
): Promise<ReferralInvite> {
  const card = await ownCard(deps, input.userId, input.cardId);
  const settings = await deps.store.settingsOf(card.programId);
  let code: string | null = null;
  if (settings.enabled) {
    const invite = await deps.store.inviteOf(card);
    await deps.store.deviceSeen(invite, input.device);
    code = invite._id;
  }
  const rules = await deps.rulesFor(card.programId);
  const month = warsawDate(deps.clock()).slice(0, 7);
  return {
    code,
    cardId: card.cardId,
    programId: card.programId,
    enabled: settings.enabled,
    unit: unitOf(rules?.kind),
    referrerBonus: settings.referrerBonus,
    friendBonus: settings.friendBonus,
    rewardedThisMonth: await deps.store.rewardedIn(card.cardId, month),
    monthlyCap: settings.monthlyCap,
  };
}

/** an invite whose company has referrals on, for an active program and card */
async function liveInvite(deps: ReferralDeps, code: string) {
  const invite = await deps.store.invite(code);
  if (!invite) throw new ReferralNotFoundError();
  const settings = await deps.store.settingsOf(invite.programId);
  const program = await deps.programs.get(invite.programId);
  const referrer = await deps.projection.issued(invite.cardId);
  if (!settings.enabled || !program.data || program.deleted || referrer?.status !== 'active')
    throw new ReferralNotFoundError();
  return { invite, settings, unit: unitOf(program.data.kind), referrer };
}

/** GET /referrals/{code} (public): the program the invite leads to, nothing about who invited */
export async function resolveReferral(deps: ReferralDeps, code: string): Promise<ReferralTarget> {
  const { invite, settings, unit } = await liveInvite(deps, code);
  return { tenantId: invite.tenantId, programId: invite.programId, unit, friendBonus: settings.friendBonus };
}

/**
 * POST /referrals/{code}/claim: the friend's new card records who referred it — or the fraud rules refuse it
 * (recorded with the reason; nobody is rewarded). Another company's code is not found; a card claimed before 409.
 */
export async function claimReferral(
  deps: ReferralDeps,
  input: { userId: string; code: string; cardId: string; device: string | null },
): Promise<ClaimReferralResponse> {
  const friendCard = await ownCard(deps, input.userId, input.cardId);
  const { invite, referrer } = await liveInvite(deps, input.code);
  if (invite.tenantId !== friendCard.tenantId) throw new ReferralNotFoundError();
  const [friend, referrerParty] = await Promise.all([party(deps, friendCard), party(deps, referrer)]);
  const { tenantId, programId } = friendCard;
  const ids = { friendCardId: friendCard.cardId, tenantId, programId, referrerCardId: referrer.cardId };
  await deps.store.claimStarting(ids, deps.clock().toISOString());
  const { before, after } = await deps.referrals.execute(friendCard.cardId, async (now) => ({
    type: 'ClaimReferral',
    data: {
      friend,
      referrer: referrerParty,
      friendDevice: input.device ? deviceHash(input.device) : null,
      referrerDevices: invite.devices,
      friendHasVisited: friendCard.lastAwardAt !== null,
    },
    metadata: { now },
  }));
  if (before.status !== 'none') throw new ReferralAlreadyClaimedError();
  if (after.status === 'refused')
    return { status: 'refused', reason: after.reason, message: referralRefusalLabels[after.reason] };
  return {
    status: 'claimed',
    reason: null,
    message: 'Zaproszenie przyjęte. Premia czeka na pierwszą wizytę.',
  };
}

async function party(deps: Pick<ReferralDeps, 'copies'>, card: IssuedCard): Promise<ReferralParty> {
  const client = await deps.copies.client(card.clientId);
  const { cardId, tenantId, programId, userId } = card;
  return { cardId, tenantId, programId, userId, phone: client?.phone ?? null };
}
