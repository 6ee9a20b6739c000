import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import type { Card } from './card';
import { cardIdFor, type CardLedger } from './card-ledger';

/**
 * A phone-only client's card moves to the customer's account (ADR 0056): staff gave the client an e-mail, identity
 * linked the account and the tenant published ClientAccountLinked. The card's decider records CardHolderLinked
 * (nothing when the card is already held by that account, refused when by another); the read models follow the
 * event (cards.projection.ts: the card and its whole history), and so does the card's seat: the holding is now
 * the person's, who may hold another card of the company (the count drops; never refused).
 */
export type HolderDeps = Pick<CardLedger, 'execute' | 'seats' | 'logger'>;

/** the card's status after the link: an active card is held by `userId` from now on */
export async function linkCardHolder(
  deps: HolderDeps,
  input: { clientId: string; tenantId: string; userId: string },
  metadata: EventMetadata,
): Promise<Card['status']> {
  const cardId = cardIdFor(input.clientId);
  const result = await deps.execute(
    cardId,
    async (card, now) =>
      card.status === 'active'
        ? { command: { type: 'LinkCardHolder', data: { userId: input.userId }, metadata: { now } } }
        : null, // not issued yet (the caller issues it to the account) or closed (it stays as it was)
    { ...metadata, tenantId: input.tenantId },
  );
  const card = result.newState;
  if (card.status !== 'active') return card.status;
  // also when the card had moved before a crash: the redelivery gets here
  await deps.seats.move(input.tenantId, cardId, input.userId);
  if (result.newEvents.length)
    deps.logger.info({ ...input, cardId }, "a phone-only client's card moved to the customer's account");
  return card.status;
}
