import * as api from '@punkto/contracts/endpoints/billing';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { BillingErrors } from '@punkto/contracts/billing';
import { NotFoundError } from '@punkto/platform/errors/errors';
import { renderInvoiceXml } from './invoice.ksef';
import { renderInvoicePdf } from './invoice.pdf';
import type { FormerCompanyInvoices } from './former-company-invoices';
import type { Invoices } from './invoices.service';

export function invoiceRoutes(app: FastifyInstance, invoices: Invoices, former: FormerCompanyInvoices) {
  registerEndpoint(app, api.listInvoices, async ({ params }) => ({
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
  }));

  const invoiceOf = async (tenantId: string, invoiceId: string) => {
    const invoice = await invoices.get(tenantId, invoiceId);
    if (!invoice)
      throw new NotFoundError(BillingErrors.invoiceNotFound.message, BillingErrors.invoiceNotFound.code);
    return invoice;
  };
  const fileName = (number: string, ext: string) => `Faktura-${number.replace(/\//g, '-')}.${ext}`;

  registerEndpoint(app, api.downloadInvoicePdf, async ({ params }) => {
    const invoice = await invoiceOf(params.tenantId, params.invoiceId);
    return {
      contentType: 'application/pdf',
      body: await renderInvoicePdf(invoice),
      headers: { 'content-disposition': `attachment; filename="${fileName(invoice.number, 'pdf')}"` },
    };
  });

  // a closed company's invoices: the caller must be its former owner (anyone else: 404, as for no invoice)
  registerEndpoint(app, api.listFormerCompanyInvoices, async ({ request }) => ({
    items: await former.list(request.user!.id),
  }));

  registerEndpoint(app, api.downloadFormerCompanyInvoicePdf, async ({ params, request }) => {
    const invoice = await former.get(request.user!.id, params.tenantId, params.invoiceId);
    if (!invoice)
      throw new NotFoundError(BillingErrors.invoiceNotFound.message, BillingErrors.invoiceNotFound.code);
    return {
      contentType: 'application/pdf',
      body: await renderInvoicePdf(invoice),
      headers: { 'content-disposition': `attachment; filename="${fileName(invoice.number, 'pdf')}"` },
    };
  });

  registerEndpoint(app, api.downloadInvoiceXml, async ({ params }) => {
    const invoice = await invoiceOf(params.tenantId, params.invoiceId);
    return {
      contentType: 'application/xml; charset=utf-8',
      body: new TextEncoder().encode(renderInvoiceXml(invoice)),
      headers: { 'content-disposition': `attachment; filename="${fileName(invoice.number, 'xml')}"` },
    };
  });
}
