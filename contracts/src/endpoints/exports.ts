import { defineEndpoint } from '../endpoint';
import { ClientsExportQuery, CSV_MEDIA_TYPE, TransactionsExportQuery } from '../exports';
import { inOwnTenant } from './tenant-scope';

/**
 * CSV exports of the panel (contracts/src/exports.ts): streamed, `X-Total-Count` (data rows) in the headers,
 * `Content-Disposition: attachment; filename="klienci-<date>.csv"` / `"transakcje-<date>.csv"`.
 */

export const exportClients = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/exports/clients',
  summary:
    'Klienci firmy w pliku CSV dla Excela (UTF-8 z BOM, średniki); opcjonalnie wyszukiwanie i program jak na liście',
  tags: ['clients'],
  auth: 'clients.view',
  query: ClientsExportQuery,
  produces: CSV_MEDIA_TYPE,
});

export const exportTransactions = defineEndpoint({
  ...inOwnTenant('card-ledger'),
  method: 'get',
  path: '/api/v1/tenants/{id}/exports/transactions',
  summary:
    'Historia kart firmy (punkty, pieczątki, nagrody…) w pliku CSV dla Excela, dni od–do czasu polskiego (domyślnie ostatnie 30, najwyżej 366)',
  tags: ['cards'],
  auth: 'clients.view',
  query: TransactionsExportQuery,
  produces: CSV_MEDIA_TYPE,
});
