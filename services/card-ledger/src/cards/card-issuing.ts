import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { rulesOf, tierFor } from '../programs/program-rules';
import { signQr } from './card-codes';
import { cardIdFor, type CardLedger } from './card-ledger';

/**
 * Issuing and closing cards, from the tenant's events (tenant-events.consumer.ts): one exported function per
 * use case, each a command on the card decided by card.decider.ts.
 */
export type IssuingDeps = Pick<
  CardLedger,
  'execute' | 'programs' | 'copies' | 'seats' | 'reserveNumber' | 'secret' | 'logger' | 'projection'
>;

/**
 * Issues the client's card once it has a customer account (idempotent: one card per client). Refused —
 * recorded as CardIssueRefused and logged — when the tenant's plan allows no more active customers; the
 * client stays enrolled. Nothing happens for a deleted tenant, a deleted program or a removed client.
 */
export async function issueCard(
  deps: IssuingDeps,
  input: { clientId: string; tenantId: string; programId: string; userId: string },
  metadata: EventMetadata,
): Promise<'issued' | 'refused' | 'not_issued'> {
  const { logger } = deps;
  const cardId = cardIdFor(input.clientId);
  const program = await deps.programs.get(input.programId);
  if (program.deleted || (await deps.copies.isTenantDeleted(input.tenantId))) {
    logger.info({ ...input, cardId }, 'card not issued: the program or the company is gone');
    return 'not_issued';
  }
  // an imported client's paper-card balance comes with the card (ADR 0059)
  const client = await deps.copies.client(input.clientId);
  const openingBalance = client?.openingBalance ?? null;
  // a number is reserved for good: a lost race keeps the one it already holds
  const reserved: { number: string | null } = { number: null };
  const result = await deps.execute(
    cardId,
    async (card, now) => {
      if (card.status === 'active' || card.status === 'closed') return null; // one card per client
      const seat = await deps.seats.take(input.tenantId, cardId, input.userId);
      const humanReadableId = seat.granted ? (reserved.number ??= await deps.reserveNumber(cardId)) : '';
      const rules = rulesOf(program);
      const startingPoints = openingBalance?.points ?? 0;
      const tier = rules?.kind === 'tiers' ? (tierFor(rules.levels, startingPoints)?.name ?? null) : null;
      return {
        command: {
          type: 'IssueCard',
          data: {
            cardId,
            ...input,
            humanReadableId,
            tier,
            seat,
            qrPayload: signQr(deps.secret, cardId, 1),
            openingBalance,
            imported: client?.imported ?? false,
          },
          metadata: { now },
        },
      };
    },
    { ...metadata, tenantId: input.tenantId },
  );
  const refused = result.newEvents.find((e) => e.type === 'CardIssueRefused');
  if (refused)
    logger.warn(
      { ...input, cardId, limit: refused.data.limit, activeCustomers: refused.data.activeCustomers },
      "card not issued: the tenant's plan limit on active customers is reached",
    );
  return result.newState.status === 'active' ? 'issued' : 'refused';
}

/**
 * The cards a plan limit refused, issued once there is room (billing raised the limit: an upgrade, or a plan's
 * new entitlement): the longest waiting first, until a seat is refused again. A client removed meanwhile gets
 * nothing. Idempotent: an issued card is not refused any more, so a redelivery finds it gone from the list.
 */
export async function issueWaitingCards(
  deps: IssuingDeps,
  tenantId: string,
  metadata: EventMetadata,
): Promise<number> {
  let issued = 0;
  for (const waiting of await deps.projection.refused(tenantId)) {
    const client = await deps.copies.client(waiting.clientId);
    if (!client || client.removed) continue;
    const { clientId, programId } = waiting;
    // a phone-only client linked to an account while waiting (ADR 0056) gets the card as the account's
    const userId = client.userId ?? waiting.userId;
    const outcome = await issueCard(deps, { clientId, tenantId, programId, userId }, metadata);
    if (outcome === 'refused') break; // no room left
    if (outcome === 'issued') issued++;
  }
  return issued;
}

export async function closeCard(
  deps: Pick<CardLedger, 'execute' | 'seats'>,
  cardId: string,
  tenantId: string,
  reason: 'program_deleted' | 'client_removed' | 'tenant_deleted',
  metadata: EventMetadata,
): Promise<void> {
  await deps.execute(
    cardId,
    async (_card, now) => ({ command: { type: 'CloseCard', data: { reason }, metadata: { now } } }),
    { ...metadata, tenantId },
  );
  await deps.seats.release(tenantId, cardId); // also after a crash in between: the redelivery gets here
}

/** every active card of a deleted program or company */
export async function closeCardsOf(
  deps: Pick<CardLedger, 'execute' | 'seats' | 'projection'>,
  filter: { programId: string } | { tenantId: string },
  tenantId: string,
  reason: 'program_deleted' | 'tenant_deleted',
  metadata: EventMetadata,
): Promise<void> {
  for (const card of await deps.projection.active(filter))
    await closeCard(deps, card.cardId, tenantId, reason, metadata);
}
