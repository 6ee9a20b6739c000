import { invoiceKeptUntil, type FormerCompany, type InvoiceSummary } from '@punkto/contracts/billing';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import type { BillingTenants } from '../tenants/billing-tenants';
import type { Invoice } from './invoice';
import type { Invoices } from './invoices.service';

/** an invoice as the invoice lists show it (GET /invoices/all/{tenantId}, the former companies' list) */
export const invoiceSummary = (
  i: Pick<Invoice, 'id' | 'number' | 'issueDate' | 'paymentId' | 'totals'> & { description: string },
): InvoiceSummary => ({
  id: i.id,
  number: i.number,
  issueDate: i.issueDate,
  paymentId: i.paymentId,
  description: i.description,
  netGrosze: i.totals.netGrosze,
  vatGrosze: i.totals.vatGrosze,
  grossGrosze: i.totals.grossGrosze,
});

/** an invoice still kept on `today` (Warsaw calendar date): until the end of the 5th year after its year */
export const isKept = (issueDate: string, today: string) => today <= invoiceKeptUntil(issueDate);

type Deps = { tenants: BillingTenants; invoices: Invoices; clock: () => Date };

/**
 * A closed company's invoices for its former owner (ADR 0047): the token of a person whose company was
 * deleted carries no tenant any more, so the owner recorded from TenantCreated is the key. A company with
 * no invoice left in the retention period is not listed; anyone else's company answers as if it did not exist.
 */
export function formerCompanyInvoices({ tenants, invoices, clock }: Deps) {
  const today = () => warsawDate(clock());

  return {
    async list(ownerId: string): Promise<FormerCompany[]> {
      const companies: FormerCompany[] = [];
      for (const tenant of await tenants.closedBy(ownerId)) {
        const kept = (await invoices.list(tenant._id)).filter((i) => isKept(i.issueDate, today()));
        if (!kept.length) continue;
        companies.push({
          tenantId: tenant._id,
          companyName: tenant.companyName,
          nip: tenant.nip,
          closedAt: tenant.deletedAt ?? null,
          invoices: kept.map((i) => ({ ...invoiceSummary(i), keptUntil: invoiceKeptUntil(i.issueDate) })),
        });
      }
      return companies;
    },

    /** the invoice, when `ownerId` owned the closed company and the invoice is still kept; else null */
    async get(ownerId: string, tenantId: string, invoiceId: string): Promise<Invoice | null> {
      const tenant = await tenants.get(tenantId);
      if (!tenant || !tenant.deleted || tenant.ownerId !== ownerId) return null;
      const invoice = await invoices.get(tenantId, invoiceId);
      return invoice && isKept(invoice.issueDate, today()) ? invoice : null;
    },
  };
}

export type FormerCompanyInvoices = ReturnType<typeof formerCompanyInvoices>;
