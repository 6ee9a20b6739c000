import {
  CardErrors,
  isValidCardNumber,
  normalizeCardNumber,
  type ActivityType,
  type CardCommandResponse,
  type CardHistoryPage,
  type CardView,
} from '@punkto/contracts/cards';
import type { MyCard, MyHistoryPage, MyOverview } from '@punkto/contracts/customers';
import { toPage } from '@punkto/contracts/pagination';
import type { Filter } from '@punkto/platform/documents/document-store.port';
import { addDays, warsawStartOfDay } from '@punkto/platform/http/csv';
import type { ProgramRules } from '../programs/program-rules';
import type { Card, CardEvent, IssuedCard } from './card';
import { signQr, verifyQr } from './card-codes';
import { cardIdFor, type CardLedger } from './card-ledger';
import {
  activityView,
  customerCardView,
  isVoidable,
  staffActivityView,
  staffCardView,
  stockPeriodsOf,
  type ViewContext,
  type VoidedBy,
} from './card-views';
import { CardNotFoundError, CardRuleError } from './card.errors';
import { activityIdOf, activityOf, type ActivityDoc } from './cards.projection';

/**
 * What staff and customers read: finding a card (id, number, signed QR, contact), the staff and customer
 * views of a card with the rewards redeemable now, the customer's cards, history and overview, and the
 * live change signal of the customer's cards (SSE).
 */
export function cardQueries(ledger: CardLedger) {
  const { projection, copies, programs, stock, secret, clock } = ledger;

  async function viewContext(card: IssuedCard, rules?: ProgramRules | null): Promise<ViewContext> {
    const now = clock();
    const resolved = rules === undefined ? await ledger.rulesFor(card.programId) : rules;
    const stockUsed = new Map<string, number>();
    for (const { rewardId, period } of stockPeriodsOf(resolved, now))
      stockUsed.set(rewardId, await stock.used(card.programId, rewardId, period));
    return { rules: resolved, now, stockUsed };
  }

  async function staffView(card: IssuedCard, rules?: ProgramRules | null): Promise<CardView> {
    const client = await copies.client(card.clientId);
    return staffCardView(card, await viewContext(card, rules), client?.name ?? null);
  }

  async function customerView(card: IssuedCard): Promise<MyCard> {
    return customerCardView(card, await viewContext(card), {
      company: await copies.company(card.tenantId),
      qrPayload: card.status === 'active' ? signQr(secret, card.cardId, card.secretVersion) : null,
    });
  }

  /** the corrections that voided some of these entries: voided commandId → the correction */
  async function correctionsOf(entries: ActivityDoc[]): Promise<Map<string, VoidedBy>> {
    const byCard = new Map<string, string[]>();
    for (const e of entries)
      if (e.commandId) byCard.set(e.cardId, [...(byCard.get(e.cardId) ?? []), e.commandId]);
    const found = new Map<string, VoidedBy>();
    for (const [cardId, ids] of byCard)
      for (const [voided, c] of await projection.correctionsOf(cardId, ids))
        found.set(voided, { occurredAt: c.occurredAt, reason: c.reason });
    return found;
  }
  const voidedByOf = (voided: Map<string, VoidedBy>, entry: ActivityDoc) =>
    (entry.commandId && voided.get(entry.commandId)) || null;

  /** names shown in history entries, looked up once per request */
  function nameResolver() {
    const companies = new Map<string, Promise<string | null>>();
    const programNames = new Map<string, Promise<string | null>>();
    return async (entry: ActivityDoc) => {
      if (!companies.has(entry.tenantId)) companies.set(entry.tenantId, copies.companyName(entry.tenantId));
      if (!programNames.has(entry.programId))
        programNames.set(
          entry.programId,
          programs.get(entry.programId).then((copy) => copy.data?.name ?? null),
        );
      return {
        companyName: await companies.get(entry.tenantId)!,
        programName: await programNames.get(entry.programId)!,
      };
    };
  }

  /** one page of history entries, newest first, and how many match */
  function newestFirst(filter: Filter, page: { pageNumber: number; pageSize: number }) {
    return Promise.all([
      projection.activity.find(filter, {
        sort: { occurredAt: -1, _id: -1 },
        skip: (page.pageNumber - 1) * page.pageSize,
        limit: page.pageSize,
      }),
      projection.activity.count(filter),
    ]);
  }

  async function myCards(userId: string): Promise<MyCard[]> {
    return Promise.all((await projection.ofUser(userId)).map(customerView));
  }

  async function history(
    userId: string,
    query: { pageNumber: number; pageSize: number; activityType?: ActivityType | undefined },
  ): Promise<MyHistoryPage> {
    const filter = { userId, ...(query.activityType && { type: query.activityType }) };
    const [entries, total] = await newestFirst(filter, query);
    const names = nameResolver();
    const voided = await correctionsOf(entries);
    const items = await Promise.all(
      entries.map(async (e) => activityView(e, await names(e), voidedByOf(voided, e))),
    );
    return toPage(items, total, query);
  }

  /** a card's history as staff see it: who did what, what can still be voided; filters by kind, person, days */
  async function staffHistory(
    card: IssuedCard,
    query: {
      pageNumber: number;
      pageSize: number;
      activityType?: ActivityType | undefined;
      employeeId?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ): Promise<CardHistoryPage> {
    const occurredAt = {
      ...(query.from && { $gte: warsawStartOfDay(query.from).toISOString() }),
      ...(query.to && { $lt: warsawStartOfDay(addDays(query.to, 1)).toISOString() }),
    };
    const filter = {
      cardId: card.cardId,
      ...(query.activityType && { type: query.activityType }),
      ...(query.employeeId && { employeeId: query.employeeId }),
      ...(Object.keys(occurredAt).length && { occurredAt }),
    };
    const [entries, total] = await newestFirst(filter, query);
    const names = nameResolver();
    const voided = await correctionsOf(entries);
    const people = await copies.staffNames(
      card.tenantId,
      entries.flatMap((e) => (e.employeeId ? [e.employeeId] : [])),
    );
    const now = clock();
    const items = await Promise.all(
      entries.map(async (e) => {
        const voidedBy = voidedByOf(voided, e);
        return staffActivityView(e, {
          names: await names(e),
          voidedBy,
          employeeName: (e.employeeId && people.get(e.employeeId)) || null,
          voidable: isVoidable(e, card, voidedBy, now),
        });
      }),
    );
    return toPage(items, total, query);
  }

  return {
    staffView,

    /** The answer of an award / redemption: the card after it and the history entry it made. */
    async commandResponse(
      result: { newState: Card; newEvents: CardEvent[]; nextExpectedRevision: number | undefined },
      rules: ProgramRules | null,
    ): Promise<CardCommandResponse> {
      const card = result.newState as IssuedCard;
      const [main] = result.newEvents;
      const entry = main && activityOf(card, main);
      const revision = (result.nextExpectedRevision ?? 0) - result.newEvents.length + 1;
      return {
        card: await staffView(card, rules),
        activity: entry
          ? activityView(
              { _id: activityIdOf(card.cardId, revision), ...entry },
              { companyName: await copies.companyName(card.tenantId), programName: rules?.name ?? null },
            )
          : null,
      };
    },

    /** GET /cards: by id, by number (check digit first) or by signed QR payload of the CURRENT version */
    async lookup(query: {
      cardId?: string;
      humanReadableId?: string;
      qr?: string;
      clientId?: string;
    }): Promise<IssuedCard> {
      let card: IssuedCard | null;
      if (query.cardId !== undefined) card = await projection.issued(query.cardId);
      else if (query.clientId !== undefined) card = await projection.issued(cardIdFor(query.clientId));
      else if (query.humanReadableId !== undefined) {
        if (!isValidCardNumber(query.humanReadableId)) throw new CardRuleError(CardErrors.numberInvalid);
        card = await projection.byNumber(normalizeCardNumber(query.humanReadableId));
      } else {
        const signed = verifyQr(secret, query.qr ?? '');
        card = signed && (await projection.issued(signed.cardId));
        if (!card || card.secretVersion !== signed!.secretVersion)
          throw new CardRuleError(CardErrors.qrInvalid);
      }
      if (!card) throw new CardNotFoundError();
      return card;
    },

    async card(cardId: string): Promise<IssuedCard> {
      const card = await projection.issued(cardId);
      if (!card) throw new CardNotFoundError();
      return card;
    },

    /** the cards of the tenant's clients with this e-mail or phone */
    async search(tenantId: string, by: { email: string } | { phone: string }): Promise<CardView[]> {
      const views: CardView[] = [];
      for (const client of await copies.findContacts(tenantId, by)) {
        const card = await projection.issued(cardIdFor(client._id));
        if (card) views.push(await staffView(card));
      }
      return views;
    },

    myCards,

    /** one of the customer's cards, or null */
    async myCard(userId: string, cardId: string): Promise<MyCard | null> {
      const card = await projection.issued(cardId);
      return card && card.userId === userId ? customerView(card) : null;
    },

    history,
    staffHistory,

    /** a history entry of this card (a correction names it), or null */
    async entryOf(cardId: string, activityId: string): Promise<ActivityDoc | null> {
      const entry = await projection.activity.get(activityId);
      return entry && entry.cardId === cardId ? entry : null;
    },

    async overview(userId: string): Promise<MyOverview> {
      const cards = (await myCards(userId)).filter((c) => c.status === 'active');
      const recent = await history(userId, { pageNumber: 1, pageSize: 5 });
      return {
        activeCards: cards.length,
        totalPoints: cards.reduce((sum, c) => sum + c.points, 0),
        totalStamps: cards.reduce((sum, c) => sum + c.stamps, 0),
        rewardsReady: cards.reduce((sum, c) => sum + c.rewards.filter((r) => r.redeemable).length, 0),
        recentActivity: recent.items,
      };
    },

    /** calls `listener` with the card id whenever one of the customer's cards changes; returns unsubscribe */
    onCardChanged: (userId: string, listener: (cardId: string) => void) =>
      ledger.changes.subscribe(userId, listener),
  };
}

export type CardQueries = ReturnType<typeof cardQueries>;
