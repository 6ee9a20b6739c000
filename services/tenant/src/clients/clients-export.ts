import { clientSourceLabel, clientStatusLabels } from '@punkto/contracts/clients';
import type { ClientsExportQuery } from '@punkto/contracts/exports';
import type { DocumentStore, Filter } from '@punkto/platform/documents/document-store.port';
import { warsawDateTime, type CsvCell } from '@punkto/platform/http/csv';
import {
  CLIENTS_COLLECTION,
  LISTED_CLIENT_STATUSES,
  toClientView,
  type ClientRecord,
  type ClientRecordDoc,
} from './clients.projection';
import { searchFilter } from './search-text';

/**
 * The clients CSV of the panel (contracts/src/exports.ts): the clients the list shows (live statuses), with the
 * list's search and an optional program, ordered by name, read by one query a batch at a time.
 */
export const CLIENTS_EXPORT_HEADER = [
  'Imię i nazwisko',
  'E-mail',
  'Telefon',
  'Telefon podał',
  'Program',
  'Status',
  'Sposób zapisu',
  'Data dołączenia',
  'Zgoda marketingowa',
] as const;

/** who gave the phone: a number the customer typed is not confirmed by anyone (ADR 0017) */
const phoneGivenByLabels = { customer: 'klient (niepotwierdzony)', staff: 'firma' } as const;

/** One client → one CSV row (columns of CLIENTS_EXPORT_HEADER). Pure. */
export function clientRow(record: ClientRecord): CsvCell[] {
  const client = toClientView(record);
  return [
    client.name,
    client.email,
    client.phone,
    client.phoneGivenBy && phoneGivenByLabels[client.phoneGivenBy],
    client.programName,
    clientStatusLabels[client.status],
    clientSourceLabel(client),
    warsawDateTime(client.enrolledAt),
    // kept since the export exists; older records do not know it
    record.marketingConsent === undefined ? 'brak danych' : record.marketingConsent ? 'Tak' : 'Nie',
  ];
}

export function clientsExport(documents: DocumentStore, options: { pageSize?: number } = {}) {
  const clients = documents.collection<ClientRecordDoc>(CLIENTS_COLLECTION);

  const filterOf = (tenantId: string, query: ClientsExportQuery): Filter => {
    const search = searchFilter(query.searchTerm);
    return {
      tenantId,
      status: { $in: LISTED_CLIENT_STATUSES },
      ...(query.programId && { programId: query.programId }),
      ...(search && { $and: [search] }),
    };
  };

  return {
    /** the number of rows and the rows, read lazily by one query (index clients_list: tenant, nameKey) */
    async open(tenantId: string, query: ClientsExportQuery) {
      const filter = filterOf(tenantId, query);
      const total = await clients.count(filter);
      async function* rows(): AsyncGenerator<CsvCell[]> {
        const pages = clients.scan(filter, { sort: { nameKey: 1 }, batchSize: options.pageSize ?? 500 });
        for await (const page of pages) for (const doc of page) yield clientRow(doc as ClientRecord);
      }
      return { total, rows: rows() };
    },
  };
}
