import type { PaymentMethod } from '@punkto/contracts/billing';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { randomUUID } from 'node:crypto';
import type { SavedCard } from './payment-provider.port';
import { PaymentMethodNotFoundError } from './payment.errors';

/**
 * The tenant's saved cards (the provider's reusable tokens, never card numbers): one document per tenant,
 * revision-checked. The card saved last becomes the default one renewals charge.
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

    async save(tenantId: string, card: SavedCard) {
      await change(tenantId, (cards) =>
        cards.some((c) => c.token === card.token)
          ? UNCHANGED
          : [
              ...cards.map((c) => ({ ...c, isDefault: false })),
              {
                id: randomUUID(),
                token: card.token,
                maskedNumber: card.maskedNumber,
                expiry: card.expiry,
                brand: card.brand,
                isDefault: true,
                addedAt: clock().toISOString(),
              },
            ],
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
