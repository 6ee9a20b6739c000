import { defineEndpoint } from '../endpoint';
import { ClientsExportQuery, CSV_MEDIA_TYPE, TransactionsExportQuery } from '../exports';
import { TenantIdParams } from '../tenant';

/**
 * CSV exports of the panel (contracts/src/exports.ts): streamed, `X-Total-Count` (data rows) in the headers,
 * `Content-Disposition: attachment; filename="klienci-<date>.csv"` / `"transakcje-<date>.csv"`.
 */

export const exportClients = defineEndpoint({
  method: 'get',
  path: '/api/v1/tenants/{id}/exports/clients',
  owner: 'tenant',
  summary:
    'Klienci firmy w pliku CSV dla Excela (UTF-8 z BOM, średniki); opcjonalnie wyszukiwanie i program jak na liście',
  tags: ['clients'],
  auth: 'clients.view',
  tenant: { path: 'id' },
  params: TenantIdParams,
  query: ClientsExportQuery,
  produces: CSV_MEDIA_TYPE,
});

export const exportTransactions = defineEndpoint({
  method: 'get',
  path: '/api/v1/tenants/{id}/exports/transactions',
  owner: 'card-ledger',
  summary:
    'Historia kart firmy (punkty, pieczątki, nagrody…) w pliku CSV dla Excela, dni od–do czasu polskiego (domyślnie ostatnie 30, najwyżej 366)',
  tags: ['cards'],
  auth: 'clients.view',
  tenant: { path: 'id' },
  params: TenantIdParams,
  query: TransactionsExportQuery,
  produces: CSV_MEDIA_TYPE,
});
