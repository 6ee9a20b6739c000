import { customerSegmentsOf, warsawDayOf } from '@punkto/contracts/card-visits';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { inSegment } from '@punkto/contracts/customer-segments';
import type { AudienceSize, MessageAudience, MessageChannels } from '@punkto/contracts/messages';
import type { MessageCopies } from './message-copies';
import type { WalletMessenger, WalletPlatform } from '../shared/wallet-messenger.port';

/**
 * Who a campaign reaches (ADR 0027). A customer is a PERSON: a user (all their cards and client records in the
 * company), or a client enrolled by staff whose account is not linked yet (e-mail only: they have no card).
 * - all: every person with an open card or a client record in the company;
 * - segment: the people the analytics count in it today (contracts/card-visits.ts `customerSegmentsOf`);
 * - program: the people with an open card or a client record in that program (only those cards);
 * - customer: one client record (its person's cards in that program, its e-mail).
 * Channels: the wallet reaches a person's open cards with a pass installed; e-mail needs the company's marketing
 * consent on one of the person's client records; „Wiadomości od firm” off reaches them by nothing.
 */
export interface Recipient {
  /** the user, or `client:<clientId>` for a client without an account */
  personKey: string;
  userId: string | null;
  /** cards with a pass installed (wallet channel on), and on which platforms */
  cards: Array<{ cardId: string; platforms: WalletPlatform[] }>;
  /** the client whose e-mail gets the message (consent given), else null */
  emailClientId: string | null;
  /** every client record of the person in the company (an unsubscribe turns consent off on all) */
  clientIds: string[];
}

export interface ResolvedAudience {
  /** reachable people, in a stable order (by person key) */
  recipients: Recipient[];
  /** people in the audience reached by no channel */
  unreachable: number;
}

type Person = { userId: string | null; cardIds: Set<string>; clientIds: Set<string> };
type AudienceCard = Awaited<ReturnType<MessageCopies['cardsOfTenant']>>[number];
type Contact = Awaited<ReturnType<MessageCopies['contactsOfTenant']>>[number];

export interface AudienceDeps {
  copies: MessageCopies;
  wallet: WalletMessenger;
  clock: () => Date;
}

/** who is in the audience, and which of their cards and client records count */
interface AudienceScope {
  inAudience: (personKey: string) => boolean;
  cardInScope: (card: AudienceCard) => boolean;
  contactInScope: (contact: Contact) => boolean;
}

/** the object the messages context holds (a test may replace its `resolve`) */
export function audienceResolver(deps: AudienceDeps) {
  return {
    resolve: (tenantId: string, audience: MessageAudience, channels: MessageChannels) =>
      resolveAudience(deps, tenantId, audience, channels),
    size: (tenantId: string, audience: MessageAudience) => audienceSize(deps, tenantId, audience),
  };
}
export type AudienceResolver = ReturnType<typeof audienceResolver>;

const personKeyOf = (contact: Contact) => contact.userId ?? phoneOnlyHolder(contact._id);
/** the card holder's account; none for a phone-only client's card (held by the client, ADR 0056): no inbox */
const accountOf = (card: AudienceCard) =>
  card.userId === phoneOnlyHolder(card.clientId) ? null : card.userId;

export async function resolveAudience(
  { copies, wallet, clock }: AudienceDeps,
  tenantId: string,
  audience: MessageAudience,
  channels: MessageChannels,
): Promise<ResolvedAudience> {
  const [cards, contacts] = await Promise.all([
    copies.cardsOfTenant(tenantId),
    copies.contactsOfTenant(tenantId),
  ]);
  const contactById = new Map(contacts.map((c) => [c._id, c]));
  const scope = audienceScope(audience, cards, contactById, clock);
  if (!scope) return { recipients: [], unreachable: 0 };
  const people = peopleIn(scope, cards, contacts);

  const userIds = [...people.values()].flatMap((p) => (p.userId ? [p.userId] : []));
  const optedOut = await copies.optedOut(userIds);
  const openCards = channels.wallet
    ? [...people.entries()]
        .filter(([, p]) => !p.userId || !optedOut.has(p.userId))
        .flatMap(([, p]) => [...p.cardIds])
    : [];
  const installed: Map<string, Set<WalletPlatform>> = openCards.length
    ? await wallet.installed(tenantId, openCards)
    : new Map();
  return recipientsOf(people, { optedOut, installed, contactById, channels });
}

/** the audience as a scope; null for a chosen client this service does not know */
function audienceScope(
  audience: MessageAudience,
  cards: AudienceCard[],
  contactById: Map<string, Contact>,
  clock: () => Date,
): AudienceScope | null {
  const everyone: AudienceScope = {
    inAudience: () => true,
    cardInScope: () => true,
    contactInScope: () => true,
  };
  switch (audience.kind) {
    case 'all':
      return everyone;
    case 'segment': {
      const segments = customerSegmentsOf(cards, warsawDayOf(clock().toISOString()));
      return {
        ...everyone,
        inAudience: (key) => {
          const s = segments.get(key);
          return s !== undefined && inSegment(s, audience.segment);
        },
      };
    }
    case 'program':
      return {
        ...everyone,
        cardInScope: (card) => card.programId === audience.programId,
        contactInScope: (contact) => contact.programId === audience.programId,
      };
    case 'customer': {
      const chosen = contactById.get(audience.clientId);
      if (!chosen) return null;
      const key = personKeyOf(chosen);
      return {
        inAudience: (k) => k === key,
        cardInScope: (card) => card.clientId === chosen._id || card.programId === chosen.programId,
        contactInScope: (contact) => contact._id === chosen._id,
      };
    }
  }
}

/** the people in scope, by person key, with their open cards in scope and every client record in the company */
function peopleIn(scope: AudienceScope, cards: AudienceCard[], contacts: Contact[]): Map<string, Person> {
  const people = new Map<string, Person>();
  const person = (key: string, userId: string | null) => {
    let p = people.get(key);
    if (!p) people.set(key, (p = { userId, cardIds: new Set(), clientIds: new Set() }));
    return p;
  };
  const contactsByPerson = new Map<string, Contact[]>();
  for (const c of contacts) {
    const key = personKeyOf(c);
    contactsByPerson.set(key, [...(contactsByPerson.get(key) ?? []), c]);
  }
  for (const card of cards)
    if (card.open && scope.cardInScope(card) && scope.inAudience(card.userId))
      person(card.userId, accountOf(card)).cardIds.add(card.cardId);
  for (const contact of contacts) {
    const key = personKeyOf(contact);
    if (scope.contactInScope(contact) && scope.inAudience(key))
      person(key, contact.userId).clientIds.add(contact._id);
  }
  // every client record of a person in the company counts for consent and unsubscribing
  for (const [key, p] of people) for (const c of contactsByPerson.get(key) ?? []) p.clientIds.add(c._id);
  return people;
}

/** each person reached by a channel, in person-key order; the others counted as unreachable */
function recipientsOf(
  people: Map<string, Person>,
  reach: {
    optedOut: Set<string>;
    installed: Map<string, Set<WalletPlatform>>;
    contactById: Map<string, Contact>;
    channels: MessageChannels;
  },
): ResolvedAudience {
  const recipients: Recipient[] = [];
  let unreachable = 0;
  for (const key of [...people.keys()].sort()) {
    const p = people.get(key)!;
    if (p.userId && reach.optedOut.has(p.userId)) {
      unreachable++;
      continue;
    }
    const withPass = [...p.cardIds].sort().flatMap((cardId) => {
      const platforms = reach.installed.get(cardId);
      return platforms && platforms.size
        ? [{ cardId, platforms: [...platforms].sort() as WalletPlatform[] }]
        : [];
    });
    // one e-mail per person: to the first of their client records in the company that consents
    const consenting = reach.channels.email
      ? [...p.clientIds].sort().find((id) => reach.contactById.get(id)?.marketingConsent === true)
      : undefined;
    if (!withPass.length && !consenting) {
      unreachable++;
      continue;
    }
    recipients.push({
      personKey: key,
      userId: p.userId,
      cards: withPass,
      emailClientId: consenting ?? null,
      clientIds: [...p.clientIds].sort(),
    });
  }
  return { recipients, unreachable };
}

export async function audienceSize(
  deps: AudienceDeps,
  tenantId: string,
  audience: MessageAudience,
): Promise<AudienceSize> {
  const { recipients, unreachable } = await resolveAudience(deps, tenantId, audience, {
    wallet: true,
    email: true,
  });
  const on = (platform: WalletPlatform) =>
    recipients.filter((r) => r.cards.some((c) => c.platforms.includes(platform))).length;
  return {
    customers: recipients.length + unreachable,
    apple: on('apple'),
    google: on('google'),
    email: recipients.filter((r) => r.emailClientId).length,
    unreachable,
  };
}
