import { printableText } from '@punkto/contracts/text';
import { warsawDate as warsawCalendarDate } from '@punkto/contracts/warsaw-time';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Invoice, InvoiceParty } from './invoice';

/**
 * The invoice as KSeF structured e-invoice XML, schema FA(3) (`ksef-fa3/schemat.xsd`, the Ministry of
 * Finance's XSD committed in the repo; tests validate every rendering against it).
 *
 * Mapping (issue 17, BILLING.md): the line is written in the **gross convention** (art. 106e ust. 7–8:
 * P_9B gross unit price, P_11A gross value) because our prices are gross; the per-rate totals P_13_1 (net)
 * and P_14_1 (VAT) are the stored values of the invoice, never recomputed here — recomputing VAT from a
 * rounded net turns 384,00 zł into 384,01 zł. Paid by card at once: Platnosc/Zaplacono + DataZaplaty +
 * FormaPlatnosci 2 (karta).
 */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/** Europe/Warsaw calendar date (YYYY-MM-DD) of an instant. */
export const warsawDate = (isoInstant: string): string => warsawCalendarDate(isoInstant);

/** Integer grosze → the XSD decimal with two places (`38400` → `384.00`). */
export function groszeToDecimal(grosze: number): string {
  if (!Number.isSafeInteger(grosze)) throw new Error(`amount must be integer grosze, got ${grosze}`);
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The invariants the rendering relies on; a broken invoice is refused rather than rendered wrong. */
export function assertConsistent(invoice: Invoice): void {
  const problems: string[] = [];
  if (invoice.lines.length === 0) problems.push('no lines');
  for (const [i, line] of invoice.lines.entries()) {
    if (line.netGrosze + line.vatGrosze !== line.grossGrosze)
      problems.push(`line ${i + 1}: net + VAT ≠ gross`);
    if (line.vatRate !== 23) problems.push(`line ${i + 1}: only the 23 % rate is supported`);
  }
  const sum = (key: 'netGrosze' | 'vatGrosze' | 'grossGrosze') =>
    invoice.lines.reduce((total, line) => total + line[key], 0);
  for (const key of ['netGrosze', 'vatGrosze', 'grossGrosze'] as const)
    if (sum(key) !== invoice.totals[key]) problems.push(`totals.${key} ≠ the sum of the lines`);
  if (invoice.totals.netGrosze + invoice.totals.vatGrosze !== invoice.totals.grossGrosze)
    problems.push('totals: net + VAT ≠ gross');
  if (problems.length) throw new Error(`invoice ${invoice.number} is inconsistent: ${problems.join('; ')}`);
}

function address(parent: XMLBuilder, party: InvoiceParty) {
  parent
    .ele('Adres')
    .ele('KodKraju')
    .txt(party.address.countryCode)
    .up()
    .ele('AdresL1')
    .txt(printableText(party.address.street))
    .up()
    .ele('AdresL2')
    .txt(printableText(`${party.address.postalCode} ${party.address.city}`));
}

export interface RenderXmlOptions {
  /** `Naglowek/DataWytworzeniaFa`; defaults to the payment instant so the rendering is deterministic */
  generatedAt?: Date;
}

/** Podmiot1 (the seller) and Podmiot2 (the buyer) */
function parties(root: XMLBuilder, invoice: Invoice) {
  party(root, 'Podmiot1', invoice.seller);
  const buyer = party(root, 'Podmiot2', invoice.buyer);
  // JST / GV: 2 = the buyer is not a local-government unit nor a member of a VAT group
  buyer.ele('JST').txt('2');
  buyer.ele('GV').txt('2');
}

/**
 * One party of the invoice: its NIP and name, then its address. Names and addresses go through
 * printableText: one stored before names were checked (issue 32) prints without its invisible characters.
 */
function party(root: XMLBuilder, element: 'Podmiot1' | 'Podmiot2', of: InvoiceParty): XMLBuilder {
  const node = root.ele(element);
  node.ele('DaneIdentyfikacyjne').ele('NIP').txt(of.nip).up().ele('Nazwa').txt(printableText(of.name));
  address(node, of);
  return node;
}

/** Adnotacje of an ordinary domestic VAT invoice */
function annotations(fa: XMLBuilder) {
  // annotations of an ordinary domestic VAT invoice: no cash accounting (P_16), no self-billing (P_17),
  // no reverse charge (P_18), no split payment (P_18A), not exempt, no new means of transport,
  // no simplified triangular procedure (P_23), no margin scheme
  const notes = fa.ele('Adnotacje');
  notes.ele('P_16').txt('2');
  notes.ele('P_17').txt('2');
  notes.ele('P_18').txt('2');
  notes.ele('P_18A').txt('2');
  notes.ele('Zwolnienie').ele('P_19N').txt('1');
  notes.ele('NoweSrodkiTransportu').ele('P_22N').txt('1');
  notes.ele('P_23').txt('2');
  notes.ele('PMarzy').ele('P_PMarzyN').txt('1');
}

/** FaWiersz: one row per line */
function lineRows(fa: XMLBuilder, invoice: Invoice) {
  for (const [i, line] of invoice.lines.entries()) {
    const row = fa.ele('FaWiersz');
    row.ele('NrWierszaFa').txt(String(i + 1));
    row.ele('P_7').txt(printableText(line.name));
    row.ele('P_8A').txt(line.unit);
    row.ele('P_8B').txt(String(line.quantity));
    // gross convention: the gross unit price and the gross value of the line
    row.ele('P_9B').txt(groszeToDecimal(line.grossGrosze / line.quantity));
    row.ele('P_11A').txt(groszeToDecimal(line.grossGrosze));
    row.ele('P_12').txt(String(line.vatRate));
  }
}

export function renderInvoiceXml(invoice: Invoice, options: RenderXmlOptions = {}): string {
  assertConsistent(invoice);
  const generatedAt = (options.generatedAt ?? new Date(invoice.paidAt))
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(FA3_NAMESPACE, 'Faktura');

  const header = root.ele('Naglowek');
  header.ele('KodFormularza', { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E' }).txt('FA');
  header.ele('WariantFormularza').txt('3');
  header.ele('DataWytworzeniaFa').txt(generatedAt);
  header.ele('SystemInfo').txt('Punkto');

  parties(root, invoice);

  const fa = root.ele('Fa');
  fa.ele('KodWaluty').txt(invoice.currency);
  fa.ele('P_1').txt(invoice.issueDate);
  fa.ele('P_2').txt(invoice.number);
  fa.ele('P_6').txt(invoice.saleDate);
  // one rate (23 %): net and VAT totals as stored
  fa.ele('P_13_1').txt(groszeToDecimal(invoice.totals.netGrosze));
  fa.ele('P_14_1').txt(groszeToDecimal(invoice.totals.vatGrosze));
  fa.ele('P_15').txt(groszeToDecimal(invoice.totals.grossGrosze));

  annotations(fa);

  fa.ele('RodzajFaktury').txt('VAT');

  lineRows(fa, invoice);

  const payment = fa.ele('Platnosc');
  payment.ele('Zaplacono').txt('1');
  payment.ele('DataZaplaty').txt(warsawDate(invoice.paidAt));
  // 2 = karta
  payment.ele('FormaPlatnosci').txt('2');

  return root.end({ prettyPrint: true });
}
