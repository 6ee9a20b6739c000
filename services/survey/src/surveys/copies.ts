import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { sealedContacts } from '@punkto/platform/privacy/contact-copies';
import type { PersonKeys } from '@punkto/platform/privacy/person-keys';

/**
 * What the survey service keeps of other services' data (event-carried state transfer):
 * - `survey-cards`: card → tenant, program, client, user (card ledger's CardIssued, the user moved by
 *   CardHolderLinked; ids only);
 * - `survey-contacts`: a client's e-mail from tenant's ClientEnrolled (or ClientEmailGiven), SEALED with the client's own key
 *   (`person-keys`, platform privacy): ClientRemoved and identity's UserDeleted shred the key and drop the copy;
 * - `survey-preferences`: a customer's `surveys` / `emailNotifications` switches (identity's PreferencesChanged);
 * - `survey-tenants`: company name and contact e-mail (tenant's TenantCreated / TenantUpdated).
 */
export type CardCopy = {
  _id: string;
  tenantId: string;
  programId: string;
  clientId: string;
  userId: string;
  closed: boolean;
};
type ContactCopy = { _id: string; tenantId: string; userId: string | null; email: string };
type PreferencesCopy = { _id: string; surveys: boolean; emailNotifications: boolean; changedAt: string };
export type TenantCopy = {
  _id: string;
  companyName: string;
  contactEmail: string | null;
  deleted: boolean;
};

/** the copies of cards: card → tenant, program, client, user, and whether it is closed */
async function cardCopies(documents: DocumentStore) {
  const cards = documents.collection<CardCopy>('survey-cards');
  await cards.ensureIndex({ fields: { userId: 1 } });
  return {
    card: (cardId: string) => cards.get(cardId),
    /** the person's cards (the companies whose cadences may name them) */
    cardsOf: (userId: string) => cards.find({ userId }),
    /** once: a redelivered CardIssued neither reopens the card nor gives it back to a former holder */
    async cardIssued(card: Omit<CardCopy, '_id' | 'closed'> & { cardId: string }) {
      const { cardId, ...rest } = card;
      await mutateDocument(cards, cardId, (current) =>
        current ? UNCHANGED : { _id: cardId, ...rest, closed: false },
      );
    },
    /** a phone-only client's card moved to the account (ADR 0056): its visits are that person's from now on */
    async cardHolderLinked(cardId: string, userId: string) {
      await mutateDocument(cards, cardId, (current) =>
        current && current.userId !== userId ? { ...current, userId } : UNCHANGED,
      );
    },
    async cardClosed(cardId: string) {
      const card = await cards.get(cardId);
      if (card) await cards.upsert({ ...card, closed: true });
    },
  };
}

/** the clients' sealed e-mails (platform privacy/contact-copies) and the customers' switches; a deleted user's are dropped */
async function contactCopies(documents: DocumentStore, keys: PersonKeys) {
  const contacts = documents.collection<ContactCopy>('survey-contacts');
  const preferences = documents.collection<PreferencesCopy>('survey-preferences');
  await contacts.ensureIndex({ fields: { userId: 1 } });
  const sealed = sealedContacts(contacts, keys);
  const copy = (c: { clientId: string; tenantId: string; userId: string | null; email: string }) => ({
    _id: c.clientId,
    tenantId: c.tenantId,
    userId: c.userId,
    email: c.email,
  });
  return {
    clientEnrolled: (c: Parameters<typeof copy>[0]) => sealed.keep(copy(c)),
    /** a phone-only client given an address (ADR 0056): sealed as ClientEnrolled's, once (a copy is kept) */
    clientEmailGiven: (c: { clientId: string; tenantId: string; email: string }) =>
      sealed.keepOnce(copy({ ...c, userId: null })),
    clientLinked: sealed.linked,
    forgetContact: sealed.forget,
    async userDeleted(userId: string) {
      await sealed.forgetUser(userId);
      await preferences.delete(userId);
    },
    emailOf: sealed.emailOf,
    ...preferenceCopies(preferences),
  };
}

function preferenceCopies(preferences: Collection<PreferencesCopy>) {
  return {
    async preferencesChanged(
      userId: string,
      p: { surveys?: boolean; emailNotifications?: boolean },
      at: string,
    ) {
      const current = await preferences.get(userId);
      if (current && current.changedAt > at) return; // an older change delivered late
      await preferences.upsert({
        _id: userId,
        surveys: p.surveys ?? true,
        emailNotifications: p.emailNotifications ?? true,
        changedAt: at,
      });
    },
    /** no change recorded: the defaults (both on) */
    async wantsSurveys(userId: string): Promise<boolean> {
      const p = await preferences.get(userId);
      return !p || (p.surveys && p.emailNotifications);
    },
  };
}

/** the companies' names and contact e-mails */
function tenantCopies(documents: DocumentStore) {
  const tenants = documents.collection<TenantCopy>('survey-tenants');
  return {
    tenant: (tenantId: string) => tenants.get(tenantId),
    async tenantChanged(
      tenantId: string,
      change: { companyName?: string; contactEmail?: string | null; deleted?: boolean },
    ) {
      const current = (await tenants.get(tenantId)) ?? {
        _id: tenantId,
        companyName: '',
        contactEmail: null,
        deleted: false,
      };
      const next: TenantCopy = { ...current };
      if (change.companyName !== undefined) next.companyName = change.companyName;
      if (change.contactEmail !== undefined) next.contactEmail = change.contactEmail;
      if (change.deleted !== undefined) next.deleted = change.deleted;
      await tenants.upsert(next);
    },
  };
}

export async function createCopies(documents: DocumentStore, keys: PersonKeys) {
  return {
    ...(await cardCopies(documents)),
    ...(await contactCopies(documents, keys)),
    ...tenantCopies(documents),
  };
}
export type Copies = Awaited<ReturnType<typeof createCopies>>;
