import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';

/**
 * The plan limit on active customers (SPEC §9: 100 basic, 500 extended) = cards not closed, per tenant.
 *
 * One `customer_seats` document per tenant holds the ids of its active cards; taking a seat is a
 * revision-checked write, so two issuances racing for the last seat cannot both win (exact under
 * concurrency, across processes). Taking a seat the card already holds is a no-op, so a redelivered
 * ClientEnrolled that crashed after the seat was taken issues the card without counting it twice. Closing
 * a card frees its seat; both steps run inside bus handlers that are redelivered until they finish.
 *
 * The limit comes from `customerLimitFor`: billing publishes no plan events yet, so every tenant gets the
 * documented trial default (DEFAULT_PLAN_CUSTOMER_LIMIT, 500 = the extended plan during the 14-day trial).
 */
type SeatsDoc = { _id: string; cardIds: string[] };

export interface Seat {
  granted: boolean;
  limit: number;
  activeCustomers: number;
}

export function customerSeats(documents: DocumentStore, defaultLimit: number) {
  const seats = documents.collection<SeatsDoc>('customer_seats');

  /** the tenant's limit on active customers; until billing's entitlement events exist: the trial default */
  const customerLimitFor = async (_tenantId: string): Promise<number> => defaultLimit;

  return {
    async take(tenantId: string, cardId: string): Promise<Seat> {
      const limit = await customerLimitFor(tenantId);
      let seat: Seat = { granted: false, limit, activeCustomers: 0 };
      await mutateDocument(seats, tenantId, (current) => {
        const held = current?.cardIds ?? [];
        const granted = held.includes(cardId) || held.length < limit;
        const cardIds = granted && !held.includes(cardId) ? [...held, cardId] : held;
        seat = { granted, limit, activeCustomers: cardIds.length };
        return cardIds === held ? UNCHANGED : { _id: tenantId, cardIds };
      });
      return seat;
    },

    async release(tenantId: string, cardId: string): Promise<void> {
      await mutateDocument(seats, tenantId, (current) =>
        current?.cardIds.includes(cardId)
          ? { _id: tenantId, cardIds: current.cardIds.filter((id) => id !== cardId) }
          : UNCHANGED,
      );
    },
  };
}

export type CustomerSeats = ReturnType<typeof customerSeats>;
