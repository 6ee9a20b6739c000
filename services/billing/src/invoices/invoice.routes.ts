import * as api from '@punkto/contracts/endpoints/billing';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { BillingErrors } from '@punkto/contracts/billing';
import { NotFoundError } from '@punkto/platform/errors/errors';
import type { Invoice } from './invoice';
import { renderInvoiceXml } from './invoice.ksef';
import { renderInvoicePdf } from './invoice.pdf';
import { invoiceSummary, type FormerCompanyInvoices } from './former-company-invoices';
import type { Invoices } from './invoices.service';

const fileName = (number: string, ext: string) => `Faktura-${number.replace(/\//g, '-')}.${ext}`;

/** an invoice that exists for this caller, or 404 INVOICE.NOT_FOUND */
function found(invoice: Invoice | null): Invoice {
  if (!invoice)
    throw new NotFoundError(BillingErrors.invoiceNotFound.message, BillingErrors.invoiceNotFound.code);
  return invoice;
}

/** the invoice's PDF as a download */
async function pdfAnswer(invoice: Invoice) {
  return {
    contentType: 'application/pdf',
    body: await renderInvoicePdf(invoice),
    headers: { 'content-disposition': `attachment; filename="${fileName(invoice.number, 'pdf')}"` },
  };
}

export function invoiceRoutes(app: FastifyInstance, invoices: Invoices, former: FormerCompanyInvoices) {
  registerEndpoint(app, api.listInvoices, async ({ params }) => ({
    items: (await invoices.list(params.tenantId)).map(invoiceSummary),
  }));

  registerEndpoint(app, api.downloadInvoicePdf, async ({ params }) =>
    pdfAnswer(found(await invoices.get(params.tenantId, params.invoiceId))),
  );

  // a closed company's invoices: the caller must be its former owner (anyone else: 404, as for no invoice)
  registerEndpoint(app, api.listFormerCompanyInvoices, async ({ request }) => ({
    items: await former.list(request.user!.id),
  }));

  registerEndpoint(app, api.downloadFormerCompanyInvoicePdf, async ({ params, request }) =>
    pdfAnswer(found(await former.get(request.user!.id, params.tenantId, params.invoiceId))),
  );

  registerEndpoint(app, api.downloadInvoiceXml, async ({ params }) => {
    const invoice = found(await invoices.get(params.tenantId, params.invoiceId));
    return {
      contentType: 'application/xml; charset=utf-8',
      body: new TextEncoder().encode(renderInvoiceXml(invoice)),
      headers: { 'content-disposition': `attachment; filename="${fileName(invoice.number, 'xml')}"` },
    };
  });
}
