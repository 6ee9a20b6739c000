import { exportTransactions } from '@punkto/contracts/endpoints/exports';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { csvReply, warsawDate } from '@punkto/platform/http/csv';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { activityExport, TRANSACTIONS_EXPORT_HEADER } from './activity-export';

/**
 * GET /api/v1/tenants/{id}/exports/transactions: the card history CSV for staff of the tenant holding
 * `clients.view` — each row names a client and their card, the same personal data the client's page shows
 * to that permission (`analytics.view` grants only aggregated figures). Another tenant's user: 403.
 */
export async function activityExportRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentStore; clock: () => Date; pageSize?: number },
) {
  const exporter = await activityExport(deps.documents, { pageSize: deps.pageSize });
  registerEndpoint(app, exportTransactions, async ({ params, query }) => {
    const now = deps.clock();
    const { total, rows } = await exporter.open(params.id, query, now);
    return csvReply({
      filename: `transakcje-${warsawDate(now)}.csv`,
      total,
      header: TRANSACTIONS_EXPORT_HEADER,
      rows,
    });
  });
}
