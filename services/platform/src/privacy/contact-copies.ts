import {
  ClientAccountLinkedData,
  ClientEmailGivenData,
  ClientEnrolledData,
  ClientRemovedData,
  UserDeletedData,
  UserPreferencesChangedData,
} from '@punkto/contracts/integration-events';
import type { z } from 'zod';
import type { Collection } from '../documents/document-store.port';
import { mutateDocument, UNCHANGED } from '../documents/mutate-document';
import { seal, unseal } from './pii-cipher';
import type { PersonKeys } from './person-keys';

/**
 * A client's e-mail as another service keeps it (event-carried state transfer, ADR 0006): from tenant's
 * ClientEnrolled (or ClientEmailGiven for a phone-only client, ADR 0056), SEALED with the client's own key
 * `client:<clientId>`; ClientRemoved and identity's UserDeleted shred the key and drop the copy (ADR 0046).
 * The survey service and notification's messages keep such copies, each with fields of its own beside these.
 */
export interface SealedContact {
  _id: string;
  userId: string | null;
  /** sealed in the collection; given and read in the clear through {@link sealedContacts} */
  email: string;
}

const contactKey = (clientId: string) => `client:${clientId}`;

/** The contact copies in `contacts`, their e-mails sealed with the clients' keys in `keys`. */
export function sealedContacts<C extends SealedContact>(contacts: Collection<C>, keys: PersonKeys) {
  /** the copy, its e-mail given in the clear and stored sealed */
  async function keep(contact: C): Promise<void> {
    const key = await keys.getOrCreate(contactKey(contact._id));
    await contacts.upsert({ ...contact, email: seal(key, contact._id, contact.email) });
  }
  async function forget(clientId: string): Promise<void> {
    await keys.shred(contactKey(clientId));
    await contacts.delete(clientId);
  }
  return {
    keep,
    /** a phone-only client given an address (ADR 0056): kept once — a copy that exists is kept as it is */
    async keepOnce(contact: C): Promise<void> {
      if (!(await contacts.get(contact._id))) await keep(contact);
    },
    /** the client's account (ClientAccountLinked): its contact is that person's from now on */
    async linked(clientId: string, userId: string): Promise<void> {
      await mutateDocument(contacts, clientId, (current) =>
        current && current.userId !== userId ? { ...current, userId } : UNCHANGED,
      );
    },
    forget,
    /** every contact of the deleted account, shredded */
    async forgetUser(userId: string): Promise<void> {
      for (const contact of await contacts.find({ userId })) await forget(contact._id);
    },
    /** the client's e-mail, or null when it was never known or is shredded */
    async emailOf(clientId: string): Promise<string | null> {
      const contact = await contacts.get(clientId);
      const key = contact && (await keys.get(contactKey(clientId)));
      if (!contact || !key) return null;
      try {
        return unseal(key, clientId, contact.email);
      } catch {
        return null;
      }
    },
  };
}

/** What a service's contact copies do on the events of tenant.clients.v1 that carry a client's contact. */
export interface ClientContactCopies {
  clientEnrolled(client: ClientEnrolledData & { email: string }): Promise<void>;
  clientEmailGiven(client: ClientEmailGivenData): Promise<void>;
  clientLinked(clientId: string, userId: string): Promise<void>;
  forgetContact(clientId: string): Promise<void>;
}

/** The tenant.clients.v1 event types {@link applyClientContactEvent} reads. */
const clientContactEventTypes = [
  'ClientEnrolled',
  'ClientEmailGiven',
  'ClientAccountLinked',
  'ClientRemoved',
] as const;

/** the consumer's payloadParser (runtime/event-consumer.ts) for the event at hand */
type Parse = <S extends z.ZodType>(schema: S) => z.infer<S> | null;

/** One of {@link clientContactEventTypes} applied to the copies; `parse` is the consumer's payloadParser. */
async function applyClientContactEvent(
  copies: ClientContactCopies,
  type: (typeof clientContactEventTypes)[number],
  parse: Parse,
): Promise<void> {
  switch (type) {
    case 'ClientEnrolled': {
      const d = parse(ClientEnrolledData);
      // a phone-only client (ADR 0056) has no address to write to
      if (d?.email) await copies.clientEnrolled({ ...d, email: d.email });
      return;
    }
    case 'ClientEmailGiven': {
      // staff gave a phone-only client an address: the service's e-mails reach them from now on
      const d = parse(ClientEmailGivenData);
      if (d) await copies.clientEmailGiven(d);
      return;
    }
    case 'ClientAccountLinked': {
      const d = parse(ClientAccountLinkedData);
      if (d) await copies.clientLinked(d.clientId, d.userId);
      return;
    }
    case 'ClientRemoved': {
      const d = parse(ClientRemovedData);
      if (d) await copies.forgetContact(d.clientId);
      return;
    }
  }
}

/** What a service's copies do on identity.users.v1: the person's switches changed, or the account deleted. */
export interface UserContactCopies {
  preferencesChanged(
    userId: string,
    preferences: UserPreferencesChangedData['preferences'],
    changedAt: string,
  ): Promise<void>;
  userDeleted(userId: string): Promise<void>;
}

/** The identity.users.v1 event types {@link applyUserContactEvent} reads. */
const userContactEventTypes = ['PreferencesChanged', 'UserDeleted'] as const;

/** One of {@link userContactEventTypes} applied to the copies; `parse` is the consumer's payloadParser. */
async function applyUserContactEvent(
  copies: UserContactCopies,
  type: (typeof userContactEventTypes)[number],
  parse: Parse,
): Promise<void> {
  if (type === 'PreferencesChanged') {
    const d = parse(UserPreferencesChangedData);
    if (d) await copies.preferencesChanged(d.userId, d.preferences, d.changedAt);
    return;
  }
  const d = parse(UserDeletedData);
  if (d) await copies.userDeleted(d.userId);
}

/** The events of tenant.clients.v1 that carry a client's contact: the types, to take, and how they apply. */
export const clientContactEvents = { types: clientContactEventTypes, apply: applyClientContactEvent };

/** The events of identity.users.v1 that change a person's contact copies: the types, and how they apply. */
export const userContactEvents = { types: userContactEventTypes, apply: applyUserContactEvent };
