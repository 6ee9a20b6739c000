import type { DocumentStore, Stored } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { randomUUID } from 'node:crypto';
import type { PriceWithVat } from '../plans/plans';
import type { BillingTenant } from '../tenants/billing-tenants';
import { vatFromGross, type Invoice, type InvoiceParty } from './invoice';

/**
 * VAT invoices, one per completed payment with money (idempotent: a unique index on paymentId), numbered
 * `FV/<year>/<000001>` per calendar year (Europe/Warsaw) with no gaps, also under concurrency and crashes:
 * the invoice document's `_id` IS its number (`2026/000007`), so a number exists only as an invoice. A
 * writer takes the year's counter as a hint and inserts the next number; a DuplicateKeyError on `_id` means
 * another writer took it, so it tries the next one; the counter is then moved forward (it may lag after a
 * crash, never lead: the insert is the truth).
 */
interface InvoiceDoc extends Invoice {
  _id: string;
  description: string;
}
interface CounterDoc {
  _id: string;
  last: number;
}

const warsawDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

export interface IssueInvoice {
  tenantId: string;
  paymentId: string;
  description: string;
  /** e.g. "Abonament Punkto — plan Rozszerzony, 25.11.2026–24.11.2027" */
  lineName: string;
  grossGrosze: number;
  paidAt: string;
}

export async function createInvoices(deps: {
  documents: DocumentStore;
  seller: InvoiceParty;
  clock: () => Date;
}) {
  const invoices = deps.documents.collection<InvoiceDoc>('invoices');
  const counters = deps.documents.collection<CounterDoc>('invoice_counters');
  await invoices.ensureIndex({ fields: { paymentId: 1 }, unique: true, name: 'invoices_payment' });
  await invoices.ensureIndex({ fields: { tenantId: 1, issueDate: -1 }, name: 'invoices_tenant' });

  async function bumpCounter(year: string, seq: number) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await counters.get(year);
      if (current && current.last >= seq) return;
      try {
        if (current) await counters.update({ _id: year, last: seq }, { expectedRevision: current._rev });
        else await counters.insert({ _id: year, last: seq });
        return;
      } catch {
        // another writer moved it; look again
      }
    }
  }

  const byPayment = async (paymentId: string) => (await invoices.find({ paymentId }))[0] ?? null;

  return {
    byPayment,

    async issue(request: IssueInvoice, buyer: BillingTenant): Promise<Stored<InvoiceDoc>> {
      const found = await byPayment(request.paymentId);
      if (found) return found;
      const now = deps.clock();
      const issueDate = warsawDate(now);
      const year = issueDate.slice(0, 4);
      const price: PriceWithVat = { grossGrosze: request.grossGrosze, ...vatFromGross(request.grossGrosze) };
      const party: InvoiceParty = {
        name: buyer.companyName,
        nip: buyer.nip,
        address: {
          street: buyer.address?.street ?? '',
          postalCode: buyer.address?.postalCode ?? '',
          city: buyer.address?.city ?? '',
          countryCode: 'PL',
        },
      };
      let seq = ((await counters.get(year))?.last ?? 0) + 1;
      for (;;) {
        const number = `FV/${year}/${String(seq).padStart(6, '0')}`;
        const doc: InvoiceDoc = {
          _id: `${year}/${String(seq).padStart(6, '0')}`,
          id: randomUUID(),
          tenantId: request.tenantId,
          paymentId: request.paymentId,
          number,
          issueDate,
          saleDate: warsawDate(new Date(request.paidAt)),
          seller: deps.seller,
          buyer: party,
          lines: [
            {
              name: request.lineName,
              quantity: 1,
              unit: 'usł.',
              vatRate: 23,
              netGrosze: price.netGrosze,
              vatGrosze: price.vatGrosze,
              grossGrosze: price.grossGrosze,
            },
          ],
          totals: { netGrosze: price.netGrosze, vatGrosze: price.vatGrosze, grossGrosze: price.grossGrosze },
          currency: 'PLN',
          paidAt: request.paidAt,
          paymentMethod: 'card',
          description: request.description,
        };
        try {
          const stored = await invoices.insert(doc);
          await bumpCounter(year, seq);
          return stored;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
          if (error.index !== '_id_') {
            const other = await byPayment(request.paymentId); // a concurrent booking of the same payment
            if (other) return other;
            throw error;
          }
          seq++;
        }
      }
    },

    async list(tenantId: string) {
      return (await invoices.find({ tenantId }, { sort: { _id: -1 } })) as Stored<InvoiceDoc>[];
    },

    async get(tenantId: string, invoiceId: string): Promise<Invoice | null> {
      const [doc] = await invoices.find({ tenantId, id: invoiceId });
      if (!doc) return null;
      const { _id, _rev, description, ...invoice } = doc as Stored<InvoiceDoc>;
      void _id;
      void _rev;
      void description;
      return invoice;
    },
  };
}

export type Invoices = Awaited<ReturnType<typeof createInvoices>>;
