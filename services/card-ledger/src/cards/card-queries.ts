import {
  CardErrors,
  isValidCardNumber,
  normalizeCardNumber,
  type CardCommandResponse,
  type CardHistoryPage,
  type CardHistoryQuery,
  type CardView,
} from '@punkto/contracts/cards';
import { toPage } from '@punkto/contracts/pagination';
import type { Filter } from '@punkto/platform/documents/document-store.port';
import type { z } from 'zod';
import { addDays, warsawStartOfDay } from '@punkto/platform/http/csv';
import type { ProgramRules } from '../programs/program-rules';
import type { Card, CardEvent, IssuedCard } from './card';
import { verifyQr } from './card-codes';
import { cardIdFor, type CardLedger } from './card-ledger';
import {
  activityView,
  isVoidable,
  staffActivityView,
  staffCardView,
  stockPeriodsOf,
  type ViewContext,
  type VoidedBy,
} from './card-views';
import { CardNotFoundError, CardWaitingForSeatError, CardRuleError } from './card.errors';
import { activityIdOf, activityOf, type ActivityDoc } from './cards.projection';

/**
 * What staff read (and what the customer's reads share): finding a card (id, number, signed QR, contact), the
 * staff view of a card with the rewards redeemable now, a card's history, the answer of a command. Each is a
 * function of the stores it reads (`QueryDeps`); customer-queries.ts has the customer's reads.
 */
export type QueryDeps = Pick<
  CardLedger,
  'projection' | 'copies' | 'programs' | 'stock' | 'secret' | 'clock' | 'rulesFor' | 'expiry'
>;

export async function viewContext(
  deps: QueryDeps,
  card: IssuedCard,
  rules?: ProgramRules | null,
): Promise<ViewContext> {
  const now = deps.clock();
  const resolved = rules === undefined ? await deps.rulesFor(card.programId) : rules;
  const stockUsed = new Map<string, number>();
  for (const { rewardId, period } of stockPeriodsOf(resolved, now))
    stockUsed.set(rewardId, await deps.stock.used(card.programId, rewardId, period));
  return { rules: resolved, now, stockUsed, expiry: await deps.expiry.shownOf(card.programId) };
}

export async function staffView(
  deps: QueryDeps,
  card: IssuedCard,
  rules?: ProgramRules | null,
): Promise<CardView> {
  const client = await deps.copies.client(card.clientId);
  return staffCardView(card, await viewContext(deps, card, rules), client?.name ?? null);
}

/** The answer of an award / redemption: the card after it and the history entry it made. */
export async function commandResponse(
  deps: QueryDeps,
  result: { newState: Card; newEvents: CardEvent[]; nextExpectedRevision: number | undefined },
  rules: ProgramRules | null,
): Promise<CardCommandResponse> {
  const card = result.newState as IssuedCard;
  // the command's own entry: a void that kept the spent part of an award (ADR 0050) answers with the void
  const index = result.newEvents.findIndex(
    (e) => e.type !== 'BalanceAdjusted' || e.data.correctionOf === null,
  );
  const main = result.newEvents[index];
  const entry = main && activityOf(card, main);
  const revision = (result.nextExpectedRevision ?? 0) - result.newEvents.length + 1 + index;
  return {
    card: await staffView(deps, card, rules),
    activity: entry
      ? activityView(
          { _id: activityIdOf(card.cardId, revision), ...entry },
          { companyName: await deps.copies.companyName(card.tenantId), programName: rules?.name ?? null },
        )
      : null,
  };
}

/**
 * GET /cards: by id, by number (check digit first) or by signed QR payload of the CURRENT version. By client: a
 * card the plan limit refused is, for staff of its own company (`callerTenantId`), a 404 saying why (ADR 0051);
 * for anyone else a card nobody holds.
 */
export async function lookupCard(
  deps: Pick<QueryDeps, 'projection' | 'secret'> & Pick<CardLedger, 'seats'>,
  query: { cardId?: string; humanReadableId?: string; qr?: string; clientId?: string },
  callerTenantId: string | null,
): Promise<IssuedCard> {
  const { projection } = deps;
  let card: IssuedCard | null;
  if (query.cardId !== undefined) card = await projection.issued(query.cardId);
  else if (query.clientId !== undefined) {
    const record = await projection.get(cardIdFor(query.clientId));
    if (record?.status === 'refused' && record.tenantId === callerTenantId)
      throw new CardWaitingForSeatError(await deps.seats.customerLimitFor(record.tenantId));
    card = record?.status === 'refused' ? null : record;
  } else if (query.humanReadableId !== undefined) {
    if (!isValidCardNumber(query.humanReadableId)) throw new CardRuleError(CardErrors.numberInvalid);
    card = await projection.byNumber(normalizeCardNumber(query.humanReadableId));
  } else {
    const signed = verifyQr(deps.secret, query.qr ?? '');
    card = signed && (await projection.issued(signed.cardId));
    if (!card || card.secretVersion !== signed!.secretVersion) throw new CardRuleError(CardErrors.qrInvalid);
  }
  if (!card) throw new CardNotFoundError();
  return card;
}

export async function issuedCard(deps: Pick<QueryDeps, 'projection'>, cardId: string): Promise<IssuedCard> {
  const card = await deps.projection.issued(cardId);
  if (!card) throw new CardNotFoundError();
  return card;
}

/** the cards of the tenant's clients with this e-mail or phone */
/** what staff search a company's cards by (GET /cards/search) */
export type CardSearch = { email: string } | { phone: string } | { name: string };

export async function searchCards(deps: QueryDeps, tenantId: string, by: CardSearch): Promise<CardView[]> {
  const views: CardView[] = [];
  const clients =
    'name' in by
      ? await deps.copies.findByName(tenantId, by.name)
      : await deps.copies.findContacts(tenantId, by);
  for (const client of clients) {
    const card = await deps.projection.issued(cardIdFor(client._id));
    if (card) views.push(await staffView(deps, card));
  }
  return views;
}

/** a history entry of this card (a correction names it), or null */
export async function entryOf(
  deps: Pick<QueryDeps, 'projection'>,
  cardId: string,
  activityId: string,
): Promise<ActivityDoc | null> {
  const entry = await deps.projection.activity.get(activityId);
  return entry && entry.cardId === cardId ? entry : null;
}

/** the corrections that voided some of these entries: voided commandId → the correction */
export async function correctionsOf(
  deps: Pick<QueryDeps, 'projection'>,
  entries: ActivityDoc[],
): Promise<Map<string, VoidedBy>> {
  const byCard = new Map<string, string[]>();
  for (const e of entries)
    if (e.commandId) byCard.set(e.cardId, [...(byCard.get(e.cardId) ?? []), e.commandId]);
  const found = new Map<string, VoidedBy>();
  for (const [cardId, ids] of byCard)
    for (const [voided, c] of await deps.projection.correctionsOf(cardId, ids))
      found.set(voided, { occurredAt: c.occurredAt, reason: c.reason });
  return found;
}

export const voidedByOf = (voided: Map<string, VoidedBy>, entry: ActivityDoc) =>
  (entry.commandId && voided.get(entry.commandId)) || null;

/** names shown in history entries, looked up once per request */
export function nameResolver(deps: Pick<QueryDeps, 'copies' | 'programs'>) {
  const companies = new Map<string, Promise<string | null>>();
  const programNames = new Map<string, Promise<string | null>>();
  return async (entry: ActivityDoc) => {
    if (!companies.has(entry.tenantId))
      companies.set(entry.tenantId, deps.copies.companyName(entry.tenantId));
    if (!programNames.has(entry.programId))
      programNames.set(
        entry.programId,
        deps.programs.get(entry.programId).then((copy) => copy.data?.name ?? null),
      );
    return {
      companyName: await companies.get(entry.tenantId)!,
      programName: await programNames.get(entry.programId)!,
    };
  };
}

/** one page of history entries, newest first, and how many match */
export function newestFirst(
  deps: Pick<QueryDeps, 'projection'>,
  filter: Filter,
  page: { pageNumber: number; pageSize: number },
) {
  return Promise.all([
    deps.projection.activity.find(filter, {
      sort: { occurredAt: -1, _id: -1 },
      skip: (page.pageNumber - 1) * page.pageSize,
      limit: page.pageSize,
    }),
    deps.projection.activity.count(filter),
  ]);
}

/** a card's history as staff see it: who did what, what can still be voided; filters by kind, person, days */
export async function staffHistory(
  deps: QueryDeps,
  card: IssuedCard,
  query: z.output<typeof CardHistoryQuery>,
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
  const [entries, total] = await newestFirst(deps, filter, query);
  const names = nameResolver(deps);
  const voided = await correctionsOf(deps, entries);
  const people = await deps.copies.staffNames(
    card.tenantId,
    entries.flatMap((e) => (e.employeeId ? [e.employeeId] : [])),
  );
  const now = deps.clock();
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
