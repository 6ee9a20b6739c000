import type { PaymentMethod } from '@punkto/contracts/billing';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { randomUUID } from 'node:crypto';
import type { SavedCard } from './payment-provider.port';
import { PaymentMethodNotFoundError } from './payment.errors';

/**
 * The tenant's saved cards (the provider's reusable tokens, never card numbers): one document per tenant,
 * revision-checked. A card paid with becomes the default one renewals charge; a card added on the manage
 * page (0 zł verification) becomes the default only when there is none.
 */
interface StoredCard extends PaymentMethod {
  token: string;
}
interface MethodsDoc {
  _id: string;
  cards: StoredCard[];
}

const publicView = ({ token, ...card }: StoredCard): PaymentMethod => {
  void token;
  return card;
};

export function paymentMethods(documents: DocumentStore, clock: () => Date) {
  const methods = documents.collection<MethodsDoc>('payment_methods');
  const cardsOf = async (tenantId: string) => (await methods.get(tenantId))?.cards ?? [];

  async function change(tenantId: string, f: (cards: StoredCard[]) => StoredCard[] | typeof UNCHANGED) {
    const after = await mutateDocument(methods, tenantId, (current) => {
      const next = f(current?.cards ?? []);
      return next === UNCHANGED ? UNCHANGED : { _id: tenantId, cards: next };
    });
    return (after?.cards ?? []).map(publicView);
  }

  return {
    list: async (tenantId: string) => (await cardsOf(tenantId)).map(publicView),
    /** the card renewals charge (with its token), or null */
    defaultCard: async (tenantId: string) => (await cardsOf(tenantId)).find((c) => c.isDefault) ?? null,

    /**
     * Saves a card once per token (a replayed notification changes nothing). `makeDefault`: the new card
     * becomes the one renewals charge; otherwise it does only when there is no default yet.
     */
    async save(tenantId: string, card: SavedCard, options: { makeDefault: boolean } = { makeDefault: true }) {
      await change(tenantId, (cards) => {
        if (cards.some((c) => c.token === card.token)) return UNCHANGED;
        const isDefault = options.makeDefault || !cards.some((c) => c.isDefault);
        return [
          ...cards.map((c) => (isDefault ? { ...c, isDefault: false } : c)),
          {
            id: randomUUID(),
            token: card.token,
            maskedNumber: card.maskedNumber,
            expiry: card.expiry,
            brand: card.brand,
            isDefault,
            addedAt: clock().toISOString(),
          },
        ];
      });
    },

    /** every saved card with its token (a closed company's cards are deleted at the provider) */
    savedCards: (tenantId: string) => cardsOf(tenantId),

    /** drops a card without the checks of `remove` (already gone = nothing to do) */
    async forget(tenantId: string, id: string) {
      await change(tenantId, (cards) =>
        cards.some((c) => c.id === id) ? cards.filter((c) => c.id !== id) : UNCHANGED,
      );
    },

    async remove(tenantId: string, id: string) {
      if (!(await cardsOf(tenantId)).some((c) => c.id === id)) throw new PaymentMethodNotFoundError();
      return change(tenantId, (cards) => {
        const left = cards.filter((c) => c.id !== id);
        if (left.length && !left.some((c) => c.isDefault))
          left[left.length - 1] = { ...left.at(-1)!, isDefault: true };
        return left;
      });
    },

    async setDefault(tenantId: string, id: string) {
      if (!(await cardsOf(tenantId)).some((c) => c.id === id)) throw new PaymentMethodNotFoundError();
      return change(tenantId, (cards) => cards.map((c) => ({ ...c, isDefault: c.id === id })));
    },
  };
}

export type PaymentMethods = ReturnType<typeof paymentMethods>;
