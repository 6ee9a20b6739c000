import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { releaseSeat, takeSeat, type SeatHolders } from '@punkto/contracts/customer-seats';

/**
 * The plan limit on active customers (SPEC §9: 100 basic, 500 extended) = PEOPLE holding an open card, per tenant
 * (ADR 0051: a person with a points and a stamp card of the company is one customer).
 *
 * One `customer_seats` document per tenant maps its open cards to their holders (user ids); taking a seat is a
 * revision-checked write, so two issuances racing for the last seat cannot both win (exact under concurrency,
 * across processes). Taking a seat the card already holds is a no-op, so a redelivered ClientEnrolled that
 * crashed after the seat was taken issues the card without counting it twice. Closing a card frees its holding
 * (and the person's seat with their last card); both steps run inside bus handlers that are redelivered until
 * they finish. Documents written before seats counted people list `cardIds` only: each such card counts as its
 * own person until it closes.
 *
 * The limit comes from `customerLimitFor`: the tenant's entitlement that billing publishes with every
 * billing.subscriptions.v1 event (basic 100, extended 500; kept when the subscription lapses, so customers
 * keep joining), copied by billing-events.consumer.ts into `customer_limits`; a tenant billing has not
 * published for yet gets the trial default (DEFAULT_PLAN_CUSTOMER_LIMIT, 500 = the trial's limit).
 */
type SeatsDoc = { _id: string; holders?: Record<string, string>; /** before ADR 0051 */ cardIds?: string[] };

/** card id → holder, the cards of documents written before ADR 0051 each their own holder */
const holdersOf = (doc: SeatsDoc | null): SeatHolders => ({
  ...Object.fromEntries((doc?.cardIds ?? []).map((id) => [id, `card:${id}`])),
  ...doc?.holders,
});
/** the tenant's limit as of billing's event at `at` (an older event never overwrites a newer one) */
type LimitDoc = { _id: string; limit: number; at: string };

export interface Seat {
  granted: boolean;
  limit: number;
  activeCustomers: number;
}

export function customerSeats(documents: DocumentStore, defaultLimit: number) {
  const seats = documents.collection<SeatsDoc>('customer_seats');
  const limits = documents.collection<LimitDoc>('customer_limits');

  /** the tenant's limit on active customers: billing's entitlement, else the trial default */
  const customerLimitFor = async (tenantId: string): Promise<number> =>
    (await limits.get(tenantId))?.limit ?? defaultLimit;

  return {
    customerLimitFor,

    /** billing's entitlement for the tenant (billing.subscriptions.v1), newest wins */
    async setLimit(tenantId: string, limit: number, at: string): Promise<void> {
      await mutateDocument(limits, tenantId, (current) =>
        current && current.at > at ? UNCHANGED : { _id: tenantId, limit, at },
      );
    },

    /** a seat for the card of `userId` (granted at once when the person holds another card of the company) */
    async take(tenantId: string, cardId: string, userId: string): Promise<Seat> {
      const limit = await customerLimitFor(tenantId);
      let seat: Seat = { granted: false, limit, activeCustomers: 0 };
      await mutateDocument(seats, tenantId, (current) => {
        const held = holdersOf(current);
        const decision = takeSeat(held, cardId, userId, limit);
        seat = { granted: decision.granted, limit, activeCustomers: decision.people };
        return decision.holders === held && !current?.cardIds
          ? UNCHANGED
          : { _id: tenantId, holders: { ...decision.holders } };
      });
      return seat;
    },

    /**
     * The card's holding is now `userId`'s (a phone-only client's card moved to the account, ADR 0056): it held a
     * seat already, so nothing is refused; the count drops when that person holds another card of the company.
     */
    async move(tenantId: string, cardId: string, userId: string): Promise<void> {
      await mutateDocument(seats, tenantId, (current) => {
        const held = holdersOf(current);
        if (held[cardId] === undefined || held[cardId] === userId) return UNCHANGED;
        return { _id: tenantId, holders: { ...held, [cardId]: userId } };
      });
    },

    async release(tenantId: string, cardId: string): Promise<void> {
      await mutateDocument(seats, tenantId, (current) => {
        const held = holdersOf(current);
        const after = releaseSeat(held, cardId);
        return after === held ? UNCHANGED : { _id: tenantId, holders: { ...after } };
      });
    },
  };
}

export type CustomerSeats = ReturnType<typeof customerSeats>;
