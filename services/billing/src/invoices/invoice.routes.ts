import * as api from '@punkto/contracts/endpoints/billing';
import { Permissions } from '@punkto/contracts/permissions';
import { requireTenantAccess } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { Invoices } from './invoices.service';

export function invoiceRoutes(app: FastifyInstance, invoices: Invoices) {
  registerEndpoint(
    app,
    api.listInvoices,
    async ({ params }) => ({
      items: (await invoices.list(params.tenantId)).map((i) => ({
        id: i.id,
        number: i.number,
        issueDate: i.issueDate,
        paymentId: i.paymentId,
        description: i.description,
        netGrosze: i.totals.netGrosze,
        vatGrosze: i.totals.vatGrosze,
        grossGrosze: i.totals.grossGrosze,
      })),
    }),
    { preHandler: requireTenantAccess(Permissions.billingManage, 'tenantId') },
  );
}
