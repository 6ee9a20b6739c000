import { applyVisitEvent, type CardLedgerEvent, type CardVisits } from '@punkto/contracts/card-visits';
import type { Collection, DocumentStore, Stored } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { sealedContacts } from '@punkto/platform/privacy/contact-copies';
import type { PersonKeys } from '@punkto/platform/privacy/person-keys';

/**
 * What the messages module keeps of other services' data (event-carried state transfer, ADR 0027):
 * - `message_cards`: every card's visits (the shared fold of contracts/card-visits.ts, as analytics keeps them)
 *   plus its client: segments, "customers of a program", the cards of a person;
 * - `message_contacts`: a client's e-mail from tenant's ClientEnrolled (or ClientEmailGiven), SEALED with the client's own key
 *   (`client:<clientId>`, like the survey service's copy) and its marketing consent for the company;
 *   ClientRemoved and identity's UserDeleted shred the key and drop the copy;
 * - `message_preferences`: the customer's „Wiadomości od firm” switch (identity's PreferencesChanged).
 * Company names come from the passes' company copies (pass-copies.ts).
 */
export type MessageCard = CardVisits & { _id: string; clientId: string };
export type ContactCopy = {
  _id: string;
  tenantId: string;
  programId: string;
  userId: string | null;
  email: string;
  marketingConsent: boolean;
};
type PreferencesCopy = { _id: string; companyMessages: boolean; changedAt: string };

/** The three copies, and the contacts' sealing. */
interface CopyStore {
  cards: Collection<MessageCard>;
  contacts: Collection<ContactCopy>;
  preferences: Collection<PreferencesCopy>;
  /** the contacts' e-mails sealed with the clients' keys (platform privacy/contact-copies) */
  sealed: ReturnType<typeof sealedContacts<ContactCopy>>;
}

export async function messageCopies(documents: DocumentStore, keys: PersonKeys) {
  const contacts = documents.collection<ContactCopy>('message_contacts');
  const store: CopyStore = {
    cards: documents.collection<MessageCard>('message_cards'),
    contacts,
    preferences: documents.collection<PreferencesCopy>('message_preferences'),
    sealed: sealedContacts(contacts, keys),
  };
  const { cards, sealed } = store;
  await cards.ensureIndex({ fields: { tenantId: 1, userId: 1 } });
  await contacts.ensureIndex({ fields: { tenantId: 1, userId: 1 } });
  await contacts.ensureIndex({ fields: { userId: 1 } });
  return {
    /** one event of `cardledger.cards.v1` (CardIssued carries the client; a repeated award changes nothing) */
    cardEvent: async (
      cardId: string,
      event: CardLedgerEvent,
    ): Promise<{ before: MessageCard | null; after: MessageCard | null }> => {
      let before: MessageCard | null = null;
      const after = await mutateDocument(cards, cardId, (current) => {
        before = current;
        return nextCardCopy(current, cardId, event);
      });
      return { before, after };
    },
    cardsOfPerson: (tenantId: string, userId: string) => cards.find({ tenantId, userId }),
    cardsOfTenant: (tenantId: string) => cards.find({ tenantId }),
    /** the company's cards a batch at a time, a person's cards one after another (sweeps: never all in memory) */
    scanCardsByPerson: (tenantId: string) => cards.scan({ tenantId }, { sort: { userId: 1 } }),
    /** the cards of these people in the company (the automations' effect reads only the people it reached) */
    cardsOfPeople: (tenantId: string, personKeys: readonly string[]) =>
      cards.find({ tenantId, userId: { $in: [...personKeys] } }),
    clientEnrolled: (client: EnrolledClient) => sealed.keep(contactCopy(client)),
    /**
     * A phone-only client given an address (ADR 0056): the contact copy sealed as ClientEnrolled's, with the
     * consent asked then. Once: a copy that exists (a redelivery, or the account linked meanwhile) is kept as it
     * is, so a consent withdrawn since is not given back.
     */
    clientEmailGiven: (client: Omit<EnrolledClient, 'userId'>) =>
      sealed.keepOnce(contactCopy({ ...client, userId: null })),
    clientLinked: sealed.linked,
    consentWithdrawn: (clientIds: readonly string[]) => consentWithdrawn(contacts, clientIds),
    forgetContact: sealed.forget,
    contactsOfTenant: (tenantId: string) => contacts.find({ tenantId }),
    /** one person's client records in the company: by the account, or by id (the clients of their cards) */
    contactsOfPerson: (tenantId: string, userId: string, clientIds: readonly string[]) =>
      contacts.find({ tenantId, $or: [{ userId }, { _id: { $in: [...clientIds] } }] }),
    contact: (clientId: string) => contacts.get(clientId),
    userDeleted: async (userId: string): Promise<void> => {
      await sealed.forgetUser(userId);
      await store.preferences.delete(userId);
    },
    emailOf: sealed.emailOf,
    preferencesChanged: (userId: string, p: { companyMessages?: boolean }, at: string) =>
      preferencesChanged(store.preferences, userId, p, at),
    optedOut: (userIds: readonly string[]) => optedOut(store.preferences, userIds),
  };
}
export type MessageCopies = Awaited<ReturnType<typeof messageCopies>>;

/** the card's copy after the event; UNCHANGED for a card not issued here yet, or an award already counted */
function nextCardCopy(
  current: Stored<MessageCard> | null,
  cardId: string,
  event: CardLedgerEvent,
): MessageCard | typeof UNCHANGED {
  if (event.type === 'CardIssued') {
    if (current) return UNCHANGED;
    const next = applyVisitEvent(null, event)!;
    return { ...next, _id: cardId, clientId: event.data.clientId };
  }
  if (!current) return UNCHANGED;
  const commandId = 'commandId' in event.data ? event.data.commandId : undefined;
  const isEntry =
    event.type === 'PointsEarned' || event.type === 'StampsAdded' || event.type === 'RewardRedeemed';
  if (isEntry && commandId !== undefined && commandId in current.recent) return UNCHANGED;
  const { _id, _rev, clientId, ...visits } = current;
  const next = applyVisitEvent(visits, event);
  return next ? { ...next, _id, clientId } : UNCHANGED;
}

interface EnrolledClient {
  clientId: string;
  tenantId: string;
  programId: string;
  userId: string | null;
  email: string;
  marketingConsent: boolean;
}

/** the copy of an enrolled client, its e-mail still in the clear (sealedContacts seals it) */
function contactCopy(c: EnrolledClient): ContactCopy {
  return {
    _id: c.clientId,
    tenantId: c.tenantId,
    programId: c.programId,
    userId: c.userId,
    email: c.email,
    marketingConsent: c.marketingConsent,
  };
}

/** the consent is off for these clients (the unsubscribe link, or the tenant service recorded it) */
async function consentWithdrawn(
  contacts: Collection<ContactCopy>,
  clientIds: readonly string[],
): Promise<void> {
  for (const clientId of clientIds)
    await mutateDocument(contacts, clientId, (current) =>
      current && current.marketingConsent ? { ...current, marketingConsent: false } : UNCHANGED,
    );
}

async function preferencesChanged(
  preferences: Collection<PreferencesCopy>,
  userId: string,
  p: { companyMessages?: boolean },
  at: string,
): Promise<void> {
  await mutateDocument(preferences, userId, (current) => {
    if (current && current.changedAt > at) return UNCHANGED; // an older change delivered late
    return { _id: userId, companyMessages: p.companyMessages ?? true, changedAt: at };
  });
}

/** the people of these who switched „Wiadomości od firm” off (no change recorded: on) */
async function optedOut(
  preferences: Collection<PreferencesCopy>,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const off = await preferences.find({ _id: { $in: [...userIds] }, companyMessages: false });
  return new Set(off.map((p) => p._id));
}
