import { formatCardNumber } from '@punkto/contracts/cards';
import { activityTypeLabels } from '@punkto/contracts/card-activity';
import {
  dateRangeProblem,
  EXPORT_DEFAULT_RANGE_DAYS,
  type TransactionsExportQuery,
} from '@punkto/contracts/exports';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { DocumentStore, Filter } from '@punkto/platform/documents/document-store.port';
import { versionedCopies } from '@punkto/platform/documents/versioned-copies';
import { ValidationError } from '@punkto/platform/errors/errors';
import {
  addDays,
  warsawDate,
  warsawDateTime,
  warsawStartOfDay,
  zlotyFromGrosze,
  type CsvCell,
} from '@punkto/platform/http/csv';
import { tenantCopies, type ClientCopy } from '../tenants/tenant-copies';
import type { IssuedCard } from './card';
import { activityView } from './card-views';
import type { ActivityDoc } from './cards.projection';

/**
 * The transactions CSV of the panel (contracts/src/exports.ts): every history entry of the tenant's cards in a
 * range of Warsaw days, oldest first, read by one query a batch at a time (DocumentStore `scan`), with the names
 * of the client, card, program and employee looked up once per batch. Reads `card_activity`, `cards`, `clients` and `programs`
 * as the card ledger's projections write them; adds only its own index.
 */
export const TRANSACTIONS_EXPORT_HEADER = [
  'Data i godzina',
  'Rodzaj',
  'Opis',
  'Klient',
  'Numer karty',
  'Program',
  'Punkty',
  'Pieczątki',
  'Kwota (zł)',
  'Nagroda',
  'Pracownik',
] as const;

/** What a row shows besides the entry itself (null: not known to the card ledger). */
export interface ActivityNames {
  clientName: string | null;
  /** 10 digits */
  cardNumber: string | null;
  programName: string | null;
  /** who awarded, redeemed, voided or regenerated (the owner or the employee, as the history names them); null otherwise */
  employeeName: string | null;
}

/** One history entry → one CSV row (columns of TRANSACTIONS_EXPORT_HEADER), the history's own words. Pure. */
export function activityRow(entry: ActivityDoc, names: ActivityNames): CsvCell[] {
  const view = activityView(entry, { companyName: null, programName: names.programName });
  return [
    warsawDateTime(entry.occurredAt),
    activityTypeLabels[entry.type],
    view.description,
    names.clientName,
    names.cardNumber && formatCardNumber(names.cardNumber),
    names.programName,
    entry.points,
    entry.stamps,
    entry.amountGrosze === null ? null : zlotyFromGrosze(entry.amountGrosze),
    entry.rewardName,
    names.employeeName,
  ];
}

/** The instants [from, until) of a query's Warsaw days; 400 with the `errors` map for a range not allowed. */
export function exportRange(query: TransactionsExportQuery, now: Date): { from: string; until: string } {
  const to = query.to ?? warsawDate(now);
  const from = query.from ?? addDays(to, -(EXPORT_DEFAULT_RANGE_DAYS - 1));
  const problem = dateRangeProblem(from, to);
  if (problem) throw new ValidationError({ [query.from ? 'query.from' : 'query.to']: [problem] });
  return {
    from: warsawStartOfDay(from).toISOString(),
    until: warsawStartOfDay(addDays(to, 1)).toISOString(),
  };
}

type CardDoc = Pick<IssuedCard, 'cardId' | 'clientId' | 'humanReadableId'> & { _id: string };

export async function activityExport(documents: DocumentStore, options: { pageSize?: number } = {}) {
  const activity = documents.collection<ActivityDoc>('card_activity');
  const cards = documents.collection<CardDoc>('cards');
  const clients = documents.collection<ClientCopy>('clients');
  const programs = versionedCopies<ProgramDefinedData>(documents, 'programs');
  const staff = tenantCopies(documents);
  await activity.ensureIndex({ fields: { tenantId: 1, occurredAt: 1 }, name: 'card_activity_tenant_time' });

  /** the names of one page's entries: two reads for the page, programs once per export */
  async function namesOf(
    tenantId: string,
    page: ActivityDoc[],
    programNames: Map<string, Promise<string | null>>,
  ) {
    const cardIds = [...new Set(page.map((e) => e.cardId))];
    const people = await staff.staffNames(
      tenantId,
      page.flatMap((e) => (e.employeeId ? [e.employeeId] : [])),
    );
    const cardById = new Map((await cards.find({ _id: { $in: cardIds } })).map((c) => [c._id, c]));
    const clientIds = [...new Set([...cardById.values()].map((c) => c.clientId))];
    const clientById = new Map((await clients.find({ _id: { $in: clientIds } })).map((c) => [c._id, c]));
    for (const { programId } of page)
      if (!programNames.has(programId))
        programNames.set(
          programId,
          programs.get(programId).then((copy) => copy.data?.name ?? null),
        );
    return async (entry: ActivityDoc): Promise<ActivityNames> => {
      const card = cardById.get(entry.cardId);
      const client = card && clientById.get(card.clientId);
      return {
        clientName: client ? (client.removed ? 'Klient usunięty' : client.name) : null,
        // the number when the entry happened (a replaced card's old entries keep the old one); today's for
        // entries recorded before it was kept. A card refused by the plan limit has no number (its document
        // holds the card id there)
        cardNumber:
          entry.cardNumber ?? (card && /^\d{10}$/.test(card.humanReadableId) ? card.humanReadableId : null),
        programName: await programNames.get(entry.programId)!,
        employeeName: (entry.employeeId && people.get(entry.employeeId)) || null,
      };
    };
  }

  return {
    /** the number of rows and the rows, read lazily; 400 for a range not allowed */
    async open(tenantId: string, query: TransactionsExportQuery, now: Date) {
      const { from, until } = exportRange(query, now);
      const filter: Filter = { tenantId, occurredAt: { $gte: from, $lt: until } };
      const total = await activity.count(filter);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        const programNames = new Map<string, Promise<string | null>>();
        const pages = activity.scan(filter, {
          sort: { occurredAt: 1 },
          batchSize: options.pageSize ?? 500,
        });
        for await (const page of pages) {
          const names = await namesOf(tenantId, page, programNames);
          for (const entry of page) yield activityRow(entry, await names(entry));
        }
      }
      return { total, rows: rows() };
    },
  };
}
