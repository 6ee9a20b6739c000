import { customerSegmentsOf, warsawDayOf } from '@punkto/contracts/card-visits';
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

export function audienceResolver(deps: {
  copies: MessageCopies;
  wallet: WalletMessenger;
  clock: () => Date;
}) {
  const { copies, wallet } = deps;

  async function resolve(
    tenantId: string,
    audience: MessageAudience,
    channels: MessageChannels,
  ): Promise<ResolvedAudience> {
    const [cards, contacts] = await Promise.all([
      copies.cardsOfTenant(tenantId),
      copies.contactsOfTenant(tenantId),
    ]);
    const people = new Map<string, Person>();
    const person = (key: string, userId: string | null) => {
      let p = people.get(key);
      if (!p) people.set(key, (p = { userId, cardIds: new Set(), clientIds: new Set() }));
      return p;
    };
    const contactById = new Map(contacts.map((c) => [c._id, c]));
    const contactsByPerson = new Map<string, typeof contacts>();
    for (const c of contacts) {
      const key = c.userId ?? `client:${c._id}`;
      contactsByPerson.set(key, [...(contactsByPerson.get(key) ?? []), c]);
    }

    let inAudience: (key: string) => boolean = () => true;
    let cardInScope: (card: (typeof cards)[number]) => boolean = () => true;
    let contactInScope: (contact: (typeof contacts)[number]) => boolean = () => true;
    switch (audience.kind) {
      case 'all':
        break;
      case 'segment': {
        const segments = customerSegmentsOf(cards, warsawDayOf(deps.clock().toISOString()));
        inAudience = (key) => {
          const s = segments.get(key);
          return s !== undefined && inSegment(s, audience.segment);
        };
        break;
      }
      case 'program':
        cardInScope = (card) => card.programId === audience.programId;
        contactInScope = (contact) => contact.programId === audience.programId;
        break;
      case 'customer': {
        const chosen = contactById.get(audience.clientId);
        if (!chosen) return { recipients: [], unreachable: 0 };
        const key = chosen.userId ?? `client:${chosen._id}`;
        inAudience = (k) => k === key;
        cardInScope = (card) => card.clientId === chosen._id || card.programId === chosen.programId;
        contactInScope = (contact) => contact._id === chosen._id;
        break;
      }
    }

    for (const card of cards)
      if (card.open && cardInScope(card) && inAudience(card.userId))
        person(card.userId, card.userId).cardIds.add(card.cardId);
    for (const contact of contacts) {
      const key = contact.userId ?? `client:${contact._id}`;
      if (contactInScope(contact) && inAudience(key)) person(key, contact.userId).clientIds.add(contact._id);
    }
    // every client record of a person in the company counts for consent and unsubscribing
    for (const [key, p] of people) for (const c of contactsByPerson.get(key) ?? []) p.clientIds.add(c._id);

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

    const recipients: Recipient[] = [];
    let unreachable = 0;
    for (const key of [...people.keys()].sort()) {
      const p = people.get(key)!;
      if (p.userId && optedOut.has(p.userId)) {
        unreachable++;
        continue;
      }
      const withPass = [...p.cardIds].sort().flatMap((cardId) => {
        const platforms = installed.get(cardId);
        return platforms && platforms.size
          ? [{ cardId, platforms: [...platforms].sort() as WalletPlatform[] }]
          : [];
      });
      // one e-mail per person: to the first of their client records in the company that consents
      const consenting = channels.email
        ? [...p.clientIds].sort().find((id) => contactById.get(id)?.marketingConsent === true)
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

  async function size(tenantId: string, audience: MessageAudience): Promise<AudienceSize> {
    const { recipients, unreachable } = await resolve(tenantId, audience, { wallet: true, email: true });
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

  return { resolve, size };
}
export type AudienceResolver = ReturnType<typeof audienceResolver>;
