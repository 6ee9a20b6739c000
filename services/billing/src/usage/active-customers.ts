import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';

/**
 * Active customers per tenant as the card ledger counts them for the plan limit (customer-seats.ts: PEOPLE with
 * an open card, ADR 0051), from cardledger.cards.v1: CardIssued opens a card, CardClosed closes it,
 * CardHolderLinked gives it a new holder (ADR 0056). One document per card with its holder (idempotent under
 * redelivery); the count is the distinct holders of the open cards (a card recorded before holders were kept
 * counts as its own person). The alert document remembers whether the
 * owner was told about the 90 % threshold, so the e-mail goes once per crossing.
 */
interface CardSeat {
  _id: string;
  tenantId: string;
  active: boolean;
  /** the card's holder (user id); absent in documents written before ADR 0051 */
  userId?: string;
}
interface UsageAlert {
  _id: string;
  alerted: boolean;
}

export function activeCustomers(documents: DocumentStore) {
  const cards = documents.collection<CardSeat>('billing_card_seats');
  const alerts = documents.collection<UsageAlert>('billing_usage_alerts');
  const ready = cards.ensureIndex({ fields: { tenantId: 1, active: 1 }, name: 'seats_tenant_active' });

  return {
    async count(tenantId: string): Promise<number> {
      await ready;
      const open = await cards.find({ tenantId, active: true });
      return new Set(open.map((card) => card.userId ?? `card:${card._id}`)).size;
    },
    async issued(tenantId: string, cardId: string, userId: string) {
      await mutateDocument(cards, cardId, (current) =>
        // a closed card is never issued again: a late redelivery of its CardIssued does not reopen it, nor give
        // a moved card back to its former holder (CardHolderLinked); a document from before ADR 0051 learns it
        current && (!current.active || current.userId !== undefined)
          ? UNCHANGED
          : { _id: cardId, tenantId, active: true, userId },
      );
    },
    /**
     * A phone-only client's card now belongs to the customer's account (ADR 0056): one person less when they
     * hold another card of the company. Known first (events of one card arrive in order, but to be safe): the
     * card is recorded open, and its CardIssued then changes nothing.
     */
    async holderLinked(tenantId: string, cardId: string, userId: string) {
      await mutateDocument(cards, cardId, (current) => {
        if (!current) return { _id: cardId, tenantId, active: true, userId };
        return current.userId === userId ? UNCHANGED : { ...current, userId };
      });
    },

    /** the tenant of the card, when it was known and active */
    async closed(cardId: string): Promise<string | null> {
      const after = await mutateDocument(cards, cardId, (current) =>
        current?.active ? { ...current, active: false } : UNCHANGED,
      );
      return after?.tenantId ?? null;
    },
    /**
     * true exactly when usage has just crossed the threshold upwards (the caller e-mails the owner); below
     * it the flag resets, so the next crossing alerts again
     */
    async crossedThreshold(tenantId: string, active: number, threshold: number): Promise<boolean> {
      let crossed = false;
      await mutateDocument(alerts, tenantId, (current) => {
        const above = active >= threshold;
        crossed = above && !current?.alerted;
        if ((current?.alerted ?? false) === above) return UNCHANGED;
        return { _id: tenantId, alerted: above };
      });
      return crossed;
    },
  };
}

export type ActiveCustomers = ReturnType<typeof activeCustomers>;
