import { warsawDate } from '@punkto/contracts/warsaw-time';
import type { Collection, DocumentStore, Stored } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { isLostRace, retryLostRace } from '@punkto/platform/errors/lost-race';
import type { Logger } from '@punkto/platform/observability/logger';
import { randomInt, randomUUID } from 'node:crypto';
import type { PriceWithVat } from '../plans/plans';
import type { BillingTenant } from '../tenants/billing-tenants';
import { vatFromGross, type Invoice, type InvoiceParty } from './invoice';

/**
 * VAT invoices, one per completed payment with money (idempotent: a unique index on paymentId), numbered in a
 * series of their own per buyer and calendar year (Europe/Warsaw): `FV/<series>/<year>/<0001>`, where `series`
 * is the company's code, six random consonants drawn once and kept (`invoice_series`, unique). Art. 106e ust. 1
 * pkt 2 ustawy o VAT asks for a consecutive number "w ramach jednej lub więcej serii, który w sposób
 * jednoznaczny identyfikuje fakturę": each series is consecutive from 1, and the code makes the number unique.
 * A company sees only its own count, never the platform's sales (issue 36; ADR 0026, "Invoice numbers").
 * Invoices issued before keep their numbers of the old global series (`FV/2026/000007`, `_id` `2026/000007`).
 *
 * No gaps, also under concurrency and crashes: the invoice document's `_id` IS its number
 * (`BKDFGH/2026/0007`), so a number exists only as an invoice. A writer takes the series' counter as a hint and
 * inserts the next number; a DuplicateKeyError on `_id` means another writer took it, so it tries the next one;
 * the counter is then moved forward (it may lag after a crash, never lead: the insert is the truth).
 */
interface InvoiceDoc extends Invoice {
  _id: string;
  description: string;
}
interface CounterDoc {
  _id: string;
  last: number;
}
/** a buyer's series: `_id` the tenant, `code` unique across tenants */
interface SeriesDoc {
  _id: string;
  code: string;
}

/** consonants only: no code spells a word, and none is mistaken for a digit (O, I) */
const SERIES_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ';
const SERIES_LENGTH = 6;
/** the number within a series: 4 digits, more once a company passes 9999 invoices in a year */
const SEQUENCE_DIGITS = 4;

/** Six random consonants (20⁶ = 64 million codes); a clash with another company's code is drawn again. */
export function drawSeriesCode(): string {
  return Array.from({ length: SERIES_LENGTH }, () => SERIES_LETTERS[randomInt(SERIES_LETTERS.length)]).join(
    '',
  );
}

export interface IssueInvoice {
  tenantId: string;
  paymentId: string;
  description: string;
  /** e.g. "Abonament Punkto — plan Rozszerzony, 25.11.2026–24.11.2027" */
  lineName: string;
  grossGrosze: number;
  paidAt: string;
}

interface InvoicesDeps {
  documents: DocumentStore;
  seller: InvoiceParty;
  logger: Logger;
  clock: () => Date;
}

/** the invoices, their series' counters and the buyers' series codes, indexed */
async function invoiceStores(documents: DocumentStore) {
  const invoices = documents.collection<InvoiceDoc>('invoices');
  const counters = documents.collection<CounterDoc>('invoice_counters');
  await invoices.ensureIndex({ fields: { paymentId: 1 }, unique: true, name: 'invoices_payment' });
  await invoices.ensureIndex({ fields: { tenantId: 1, issueDate: -1 }, name: 'invoices_tenant' });
  const series = documents.collection<SeriesDoc>('invoice_series');
  await series.ensureIndex({ fields: { code: 1 }, unique: true, name: 'invoice_series_code' });
  return { invoices, counters, series };
}
type InvoiceStores = Awaited<ReturnType<typeof invoiceStores>>;

/** The buyer's series code, drawn on its first invoice; concurrent first invoices agree on one. */
async function seriesOf(series: Collection<SeriesDoc>, tenantId: string): Promise<string> {
  // `_id_`: a concurrent first invoice gave the company its code (read it again); the code index: another
  // company has that code (draw again)
  return retryLostRace(
    async () => {
      const found = await series.get(tenantId);
      if (found) return found.code;
      return (await series.insert({ _id: tenantId, code: drawSeriesCode() })).code;
    },
    { maxAttempts: 20, isLost: (error) => error instanceof DuplicateKeyError },
  );
}

/**
 * Moves the series' counter up to `seq` (never down). The counter is only a hint, so a counter still contested
 * after 20 tries is left behind, logged: the next invoice of the series tries a few taken numbers more. Any
 * other error is thrown: the booking fails and the provider's resending retries it.
 */
async function bumpCounter(
  deps: { counters: Collection<CounterDoc>; logger: Logger },
  key: string,
  seq: number,
) {
  const attempt = async () => {
    const current = await deps.counters.get(key);
    if (current && current.last >= seq) return;
    if (current) await deps.counters.update({ _id: key, last: seq }, { expectedRevision: current._rev });
    else await deps.counters.insert({ _id: key, last: seq });
  };
  // another writer moved it: look again
  await retryLostRace(attempt, { maxAttempts: 20 }).catch((error: unknown) => {
    if (!isLostRace(error)) throw error;
    deps.logger.warn({ err: error, counter: key, seq }, 'invoice counter left behind after 20 lost races');
  });
}

const invoiceByPayment = async (invoices: Collection<InvoiceDoc>, paymentId: string) =>
  (await invoices.find({ paymentId }))[0] ?? null;

/** the invoice document numbered `id` (`<series>/<year>/<seq>`) of a payment to a buyer */
function invoiceDocument(
  id: string,
  request: IssueInvoice,
  parties: { seller: InvoiceParty; buyer: BillingTenant },
  issueDate: string,
): InvoiceDoc {
  const { buyer } = parties;
  const price: PriceWithVat = { grossGrosze: request.grossGrosze, ...vatFromGross(request.grossGrosze) };
  return {
    _id: id,
    id: randomUUID(),
    tenantId: request.tenantId,
    paymentId: request.paymentId,
    number: `FV/${id}`,
    issueDate,
    saleDate: warsawDate(new Date(request.paidAt)),
    seller: parties.seller,
    buyer: {
      name: buyer.companyName,
      nip: buyer.nip,
      address: {
        street: buyer.address?.street ?? '',
        postalCode: buyer.address?.postalCode ?? '',
        city: buyer.address?.city ?? '',
        countryCode: 'PL',
      },
    },
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
}

/** The payment's invoice: the one it has, or a new one with the next free number of the buyer's series. */
async function issueInvoice(
  deps: InvoiceStores & Pick<InvoicesDeps, 'seller' | 'logger' | 'clock'>,
  request: IssueInvoice,
  buyer: BillingTenant,
): Promise<Stored<InvoiceDoc>> {
  const found = await invoiceByPayment(deps.invoices, request.paymentId);
  if (found) return found;
  const now = deps.clock();
  const issueDate = warsawDate(now);
  const year = issueDate.slice(0, 4);
  // the series of this buyer and year; its counter's key is the `_id` prefix of its invoices
  const key = `${await seriesOf(deps.series, request.tenantId)}/${year}`;
  let seq = ((await deps.counters.get(key))?.last ?? 0) + 1;
  for (;;) {
    const id = `${key}/${String(seq).padStart(SEQUENCE_DIGITS, '0')}`;
    const doc = invoiceDocument(id, request, { seller: deps.seller, buyer }, issueDate);
    try {
      const stored = await deps.invoices.insert(doc);
      await bumpCounter(deps, key, seq);
      return stored;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      if (error.index !== '_id_') {
        const other = await invoiceByPayment(deps.invoices, request.paymentId); // a concurrent booking of the same payment
        if (other) return other;
        throw error;
      }
      seq++;
    }
  }
}

// newest first: a series' numbers sort by year and number; the codes (letters) sort after the old global
// series' `_id`s (digits), which are older
async function listInvoices(invoices: Collection<InvoiceDoc>, tenantId: string) {
  return (await invoices.find({ tenantId }, { sort: { _id: -1 } })) as Stored<InvoiceDoc>[];
}

async function getInvoice(
  invoices: Collection<InvoiceDoc>,
  tenantId: string,
  invoiceId: string,
): Promise<Invoice | null> {
  const [doc] = await invoices.find({ tenantId, id: invoiceId });
  if (!doc) return null;
  const { _id, _rev, description, ...invoice } = doc as Stored<InvoiceDoc>;
  void _id;
  void _rev;
  void description;
  return invoice;
}

/** the invoice use cases bound to the service's stores, for the routes and the payments */
export async function createInvoices(deps: InvoicesDeps) {
  const ctx = { ...deps, ...(await invoiceStores(deps.documents)) };
  return {
    byPayment: (paymentId: string) => invoiceByPayment(ctx.invoices, paymentId),
    issue: (request: IssueInvoice, buyer: BillingTenant) => issueInvoice(ctx, request, buyer),
    list: (tenantId: string) => listInvoices(ctx.invoices, tenantId),
    get: (tenantId: string, invoiceId: string) => getInvoice(ctx.invoices, tenantId, invoiceId),
  };
}

export type Invoices = Awaited<ReturnType<typeof createInvoices>>;
