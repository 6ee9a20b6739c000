import { exportClients } from '@punkto/contracts/endpoints/exports';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { csvReply, warsawDate } from '@punkto/platform/http/csv';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { CLIENTS_EXPORT_HEADER, clientsExport } from './clients-export';

/**
 * GET …/exports/clients: the clients CSV for staff of the tenant holding `clients.view` (like the list it
 * exports; another tenant's user: 403).
 */
export function clientsExportRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentStore; clock: () => Date; pageSize?: number },
) {
  const exporter = clientsExport(deps.documents, { pageSize: deps.pageSize });
  registerEndpoint(app, exportClients, async ({ params, query }) => {
    const { total, rows } = await exporter.open(params.id, query);
    return csvReply({
      filename: `klienci-${warsawDate(deps.clock())}.csv`,
      total,
      header: CLIENTS_EXPORT_HEADER,
      rows,
    });
  });
}
