import { printableText } from '@punkto/contracts/text';
import { embedDejaVuSans, wrap } from '@punkto/platform/files/pdf-fonts';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Invoice, InvoiceParty } from './invoice';
import { assertConsistent, warsawDate } from './invoice.ksef';

/**
 * The invoice as a PDF (pdf-lib, like the tenant's poster): a Polish VAT invoice with the fields of
 * art. 106e ustawy o VAT — number, issue date, sale date, seller and buyer with NIP and addresses, the
 * service with quantity, unit, net unit price, net value, rate, VAT and gross, the totals per rate, the
 * total due and that it was paid by card. Amounts are the stored ones (gross convention), never
 * recomputed. DejaVu Sans is embedded (subset) so Polish letters render in every viewer.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);

/** Polish money: `123456` grosze → `1 234,56 zł` (groups of three separated by a space). */
export function formatPln(grosze: number): string {
  if (!Number.isSafeInteger(grosze)) throw new Error(`amount must be integer grosze, got ${grosze}`);
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  const zloty = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${zloty},${String(abs % 100).padStart(2, '0')} zł`;
}

/** `2026-11-25` → `25.11.2026` */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

// Lp. | Nazwa | Ilość | J.m. | Cena jedn. netto | Wartość netto | Stawka | Kwota VAT | Wartość brutto
const COLUMNS: Column[] = [
  { title: 'Lp.', width: 22, align: 'center' },
  { title: 'Nazwa usługi', width: 140, align: 'left' },
  { title: 'Ilość', width: 30, align: 'right' },
  { title: 'J.m.', width: 28, align: 'center' },
  { title: 'Cena jedn. netto', width: 62, align: 'right' },
  { title: 'Wartość netto', width: 62, align: 'right' },
  { title: 'Stawka VAT', width: 44, align: 'right' },
  { title: 'Kwota VAT', width: 58, align: 'right' },
  { title: 'Wartość brutto', width: 69, align: 'right' },
];

/** drawing on one page: text at a point, right-aligned text */
function pen(page: PDFPage, regular: PDFFont, bold: PDFFont) {
  const text = (value: string, x: number, y: number, size = 9, font = regular, color = INK) =>
    page.drawText(value, { x, y, size, font, color });
  const right = (value: string, xRight: number, y: number, size = 9, font = regular) =>
    text(value, xRight - font.widthOfTextAtSize(value, size), y, size, font);
  return { page, regular, bold, text, right };
}
type Pen = ReturnType<typeof pen>;

/** the document's metadata: title, subject, author, dates of the payment */
function describe(pdf: PDFDocument, invoice: Invoice, title: string) {
  pdf.setTitle(title);
  pdf.setSubject(invoice.lines.map((l) => l.name).join('; '));
  pdf.setAuthor(invoice.seller.name);
  pdf.setCreator('Punkto');
  pdf.setProducer('Punkto');
  pdf.setLanguage('pl-PL');
  pdf.setCreationDate(new Date(invoice.paidAt));
  pdf.setModificationDate(new Date(invoice.paidAt));
}

/** title, dates, seller and buyer side by side; returns the y below them */
function heading(p: Pen, invoice: Invoice, title: string): number {
  const { text, bold } = p;
  const width = A4.width - 2 * MARGIN;
  // title and dates
  let y = A4.height - MARGIN - 18;
  text(title, MARGIN, y, 18, bold);
  const dates = [
    `Data wystawienia: ${formatDate(invoice.issueDate)}`,
    `Data sprzedaży: ${formatDate(invoice.saleDate)}`,
  ];
  y -= 24;
  for (const line of dates) {
    text(line, MARGIN, y, 10);
    y -= 14;
  }

  // seller and buyer
  y -= 12;
  const half = width / 2;
  const partyTop = y;
  const partyBlock = (heading: string, party: InvoiceParty, x: number) => {
    let py = partyTop;
    text(heading, x, py, 8, bold, MUTED);
    py -= 14;
    // a name stored before names were checked prints without invisible characters (ADR 0040)
    for (const line of wrap(bold, printableText(party.name), 11, half - 16)) {
      text(line, x, py, 11, bold);
      py -= 14;
    }
    for (const line of [
      printableText(party.address.street),
      printableText(`${party.address.postalCode} ${party.address.city}`),
      `NIP: ${party.nip}`,
    ]) {
      text(line, x, py, 10);
      py -= 13;
    }
    return py;
  };
  return Math.min(
    partyBlock('SPRZEDAWCA', invoice.seller, MARGIN),
    partyBlock('NABYWCA', invoice.buyer, MARGIN + half),
  );
}

/** totals per rate under the table, the total due and the payment, the footer */
function totals(p: Pen, top: number, invoice: Invoice) {
  const { text, right, bold, regular, page } = p;
  const width = A4.width - 2 * MARGIN;
  // totals per rate
  let y = top - 16;
  const totalsColumns = COLUMNS.slice(5);
  const totalsX = MARGIN + COLUMNS.slice(0, 5).reduce((s, c) => s + c.width, 0);
  text('Razem według stawek VAT', MARGIN, y, 9, bold);
  const totalsRow = [
    formatPln(invoice.totals.netGrosze),
    '23 %',
    formatPln(invoice.totals.vatGrosze),
    formatPln(invoice.totals.grossGrosze),
  ];
  let x = totalsX;
  for (const [i, column] of totalsColumns.entries()) {
    right(totalsRow[i]!, x + column.width - 3, y, 8, bold);
    x += column.width;
  }
  y -= 6;
  page.drawLine({
    start: { x: totalsX, y },
    end: { x: MARGIN + width, y },
    thickness: 0.5,
    color: RULE,
  });

  // total due and payment
  y -= 28;
  text(`Razem do zapłaty: ${formatPln(invoice.totals.grossGrosze)}`, MARGIN, y, 13, bold);
  y -= 18;
  text(`Zapłacono kartą dnia ${formatDate(warsawDate(invoice.paidAt))}`, MARGIN, y, 10);
  y -= 14;
  text(`Pozostało do zapłaty: ${formatPln(0)}`, MARGIN, y, 10);

  // footer
  text(
    `Faktura wystawiona elektronicznie w serwisie Punkto. Waluta: ${invoice.currency}.`,
    MARGIN,
    MARGIN,
    7,
    regular,
    MUTED,
  );
}

export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  assertConsistent(invoice);
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedDejaVuSans(pdf);
  const title = `Faktura VAT nr ${invoice.number}`;
  describe(pdf, invoice, title);
  const page = pdf.addPage([A4.width, A4.height]);
  const p = pen(page, regular, bold);
  let y = heading(p, invoice, title);
  // the lines
  y -= 18;
  y = table(page, regular, bold, y, invoice);
  totals(p, y, invoice);
  return pdf.save();
}

/** The table of lines; returns the y below it. */
function table(page: PDFPage, regular: PDFFont, bold: PDFFont, top: number, invoice: Invoice): number {
  const size = 8;
  const pad = 3;
  const rowLine = (y: number) =>
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.5,
      color: RULE,
    });
  const cell = (value: string, column: Column, x: number, y: number, font: PDFFont) => {
    const w = font.widthOfTextAtSize(value, size);
    const cx =
      column.align === 'right'
        ? x + column.width - pad - w
        : column.align === 'center'
          ? x + (column.width - w) / 2
          : x + pad;
    page.drawText(value, { x: cx, y, size, font, color: INK });
  };

  // header: titles wrapped within their columns
  let y = top;
  rowLine(y + 4);
  const headerLines = COLUMNS.map((c) => wrap(bold, c.title, size, c.width - 2 * pad));
  const headerHeight = Math.max(...headerLines.map((l) => l.length)) * 10;
  let x = MARGIN;
  for (const [i, column] of COLUMNS.entries()) {
    headerLines[i]!.forEach((line, n) => cell(line, column, x, y - 6 - n * 10, bold));
    x += column.width;
  }
  y -= headerHeight + 4;
  rowLine(y);

  for (const [i, line] of invoice.lines.entries()) {
    const nameLines = wrap(regular, printableText(line.name), size, COLUMNS[1]!.width - 2 * pad);
    const values = [
      String(i + 1),
      '',
      String(line.quantity),
      line.unit,
      formatPln(Math.round(line.netGrosze / line.quantity)),
      formatPln(line.netGrosze),
      `${line.vatRate} %`,
      formatPln(line.vatGrosze),
      formatPln(line.grossGrosze),
    ];
    const rowTop = y - 12;
    x = MARGIN;
    for (const [c, column] of COLUMNS.entries()) {
      if (c === 1) nameLines.forEach((nameLine, n) => cell(nameLine, column, x, rowTop - n * 10, regular));
      else cell(values[c]!, column, x, rowTop, regular);
      x += column.width;
    }
    y = rowTop - (nameLines.length - 1) * 10 - 6;
    rowLine(y);
  }
  return y;
}
