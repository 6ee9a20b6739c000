import { describe, expect, it } from 'vitest';
import { anInvoice, PLAN_PRICES_GROSZE } from '../testing/invoice.mother';
import { extractPdfText } from '../testing/pdf-text';
import { vatFromGross } from './invoice';
import { A4, formatDate, formatPln, renderInvoicePdf } from './invoice.pdf';

describe('Polish amounts and dates', () => {
  it('formats grosze as złote with a decimal comma and grouped thousands', () => {
    expect(formatPln(0)).toBe('0,00 zł');
    expect(formatPln(5)).toBe('0,05 zł');
    expect(formatPln(38400)).toBe('384,00 zł');
    expect(formatPln(123456)).toBe('1 234,56 zł');
    expect(formatPln(123456789)).toBe('1 234 567,89 zł');
    expect(formatPln(-7181)).toBe('-71,81 zł');
    expect(() => formatPln(1.5)).toThrow();
    expect(formatDate('2026-11-05')).toBe('05.11.2026');
  });
});

describe('the invoice PDF', () => {
  it('is an A4 Polish VAT invoice with the art. 106e fields, in DejaVu Sans with Polish letters', async () => {
    const invoice = anInvoice({ grossGrosze: 38400, issueDate: '2026-11-26', saleDate: '2026-11-25' });
    const bytes = await renderInvoicePdf(invoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { pieces, text, fonts, document } = await extractPdfText(bytes);

    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: A4.width, height: A4.height });
    expect(document.getTitle()).toBe('Faktura VAT nr FV/BKDFGH/2026/0123');
    expect(fonts.map((f) => f.name).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(fonts.every((f) => f.embedded)).toBe(true);

    // heading, number and dates
    expect(pieces).toContain('Faktura VAT nr FV/BKDFGH/2026/0123');
    expect(pieces).toContain('Data wystawienia: 26.11.2026');
    expect(pieces).toContain('Data sprzedaży: 25.11.2026');
    // seller and buyer: names, addresses, NIP (Polish letters survive the embedded subset)
    for (const line of [
      'SPRZEDAWCA',
      'Punkto sp. z o.o.',
      'ul. Prosta 20/4',
      '00-850 Warszawa',
      'NIP: 5252812119',
      'NABYWCA',
      'ul. Świętego Wawrzyńca 12',
      '31-060 Kraków',
      'NIP: 6762472394',
    ])
      expect(pieces).toContain(line);
    expect(text).toContain('Kawiarnia Pod Lipą Zażółć Gęślą Jaźń');
    // the line: name (wrapped in its column), quantity, unit, net unit price, net, rate, VAT, gross
    expect(text).toContain('Abonament Punkto — plan Rozszerzony, 25.11.2026–24.11.2027');
    for (const header of [
      'Lp.',
      'Ilość',
      'J.m.',
      'Cena jedn.',
      'Wartość',
      'netto',
      'Stawka',
      'Kwota VAT',
      'brutto',
    ])
      expect(pieces).toContain(header);
    expect(pieces).toEqual(
      expect.arrayContaining(['1', 'usł.', '312,20 zł', '23 %', '71,80 zł', '384,00 zł']),
    );
    // net unit price and net value are both 312,20 (quantity 1); the VAT is the stored 71,80, not 71,81
    expect(pieces.filter((p) => p === '312,20 zł').length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('71,81');
    // totals, due, paid
    expect(pieces).toContain('Razem według stawek VAT');
    expect(pieces).toContain('Razem do zapłaty: 384,00 zł');
    expect(pieces).toContain('Zapłacono kartą dnia 25.11.2026');
    expect(pieces).toContain('Pozostało do zapłaty: 0,00 zł');
    expect(text).not.toContain('\uFFFD');
  });

  it.each(PLAN_PRICES_GROSZE)('for %i grosze shows net + VAT = gross exactly', async (price) => {
    const { pieces } = await extractPdfText(await renderInvoicePdf(anInvoice({ grossGrosze: price })));
    const { netGrosze, vatGrosze } = vatFromGross(price);
    expect(netGrosze + vatGrosze).toBe(price);
    expect(pieces).toEqual(
      expect.arrayContaining([formatPln(netGrosze), formatPln(vatGrosze), formatPln(price)]),
    );
    expect(pieces).toContain(`Razem do zapłaty: ${formatPln(price)}`);
  });

  // issue 32: a name stored before names were checked (U+FEFF, a broken surrogate) printed as „�”
  it('prints a name stored with invisible or broken characters clean', async () => {
    const invoice = anInvoice();
    const bytes = await renderInvoicePdf({
      ...invoice,
      buyer: { ...invoice.buyer, name: '\uFEFFKawiarnia Pod Lip\u0061\u0328\u200B \uD83D' },
    });
    const { text } = await extractPdfText(bytes);
    expect(text).toContain('Kawiarnia Pod Lipą');
    expect(text).not.toContain('\uFFFD');
    expect(text).not.toContain('\uFEFF');
  });

  it('prints the payment date in Warsaw time', async () => {
    const { pieces } = await extractPdfText(
      await renderInvoicePdf(
        anInvoice({ paidAt: '2026-12-31T23:30:00Z', issueDate: '2027-01-01', saleDate: '2027-01-01' }),
      ),
    );
    expect(pieces).toContain('Zapłacono kartą dnia 01.01.2027');
  });

  it('refuses an invoice whose amounts do not add up', async () => {
    const invoice = anInvoice();
    await expect(
      renderInvoicePdf({ ...invoice, totals: { ...invoice.totals, grossGrosze: 38401 } }),
    ).rejects.toThrow(/inconsistent/);
  });
});
