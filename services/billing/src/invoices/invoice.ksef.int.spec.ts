import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { anInvoice, PLAN_PRICES_GROSZE } from '../testing/invoice.mother';
import { vatFromGross } from './invoice';
import { FA3_NAMESPACE, groszeToDecimal, renderInvoiceXml, warsawDate } from './invoice.ksef';

const XSD_DIR = join(import.meta.dirname, 'ksef-fa3');
const DEPENDENCIES = [
  'StrukturyDanych_v10-0E.xsd',
  'ElementarneTypyDanych_v10-0E.xsd',
  'KodyKrajow_v10-0E.xsd',
];
const load = async (fileName: string) => ({
  fileName,
  contents: await readFile(join(XSD_DIR, fileName), 'utf8'),
});

/** Validates against the Ministry of Finance's FA(3) XSD committed in `ksef-fa3/` (nothing fetched). */
async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: 'faktura.xml', contents: xml }],
    schema: [await load('schemat.xsd')],
    preload: await Promise.all(DEPENDENCIES.map(load)),
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

/** The rendered XML as a plain object (namespace-stripped paths are enough for assertions). */
const parse = (xml: string) =>
  create(xml).end({ format: 'object' }) as unknown as { Faktura: Record<string, never> & FakturaShape };
interface FakturaShape {
  '@xmlns': string;
  Naglowek: {
    KodFormularza: { '@kodSystemowy': string; '@wersjaSchemy': string; '#': string };
    WariantFormularza: string;
  };
  Podmiot1: {
    DaneIdentyfikacyjne: { NIP: string; Nazwa: string };
    Adres: { AdresL1: string; AdresL2: string };
  };
  Podmiot2: { DaneIdentyfikacyjne: { NIP: string; Nazwa: string } };
  Fa: {
    P_1: string;
    P_2: string;
    P_6: string;
    P_13_1: string;
    P_14_1: string;
    P_15: string;
    FaWiersz: { P_7: string; P_8A: string; P_8B: string; P_9B: string; P_11A: string; P_12: string };
    Platnosc: { Zaplacono: string; DataZaplaty: string; FormaPlatnosci: string };
  };
}

describe('KSeF FA(3) XML of an invoice', () => {
  it('the XSD is the official one, imported locally (its imports resolve offline)', async () => {
    const root = await readFile(join(XSD_DIR, 'schemat.xsd'), 'utf8');
    expect(root).toContain(`targetNamespace="${FA3_NAMESPACE}"`);
    expect(root).toContain('schemaLocation="StrukturyDanych_v10-0E.xsd"');
    expect(root).not.toMatch(/schemaLocation="https?:/);
  });

  it.each(PLAN_PRICES_GROSZE)(
    'for %i grosze validates against the XSD and its totals equal the price exactly',
    async (price) => {
      const invoice = anInvoice({ grossGrosze: price });
      const xml = renderInvoiceXml(invoice);
      const { valid, errors } = await validate(xml);
      expect(errors).toEqual([]);
      expect(valid).toBe(true);

      const { Fa } = parse(xml).Faktura;
      const { netGrosze, vatGrosze } = vatFromGross(price);
      expect(Fa.P_15).toBe(groszeToDecimal(price));
      expect(Fa.P_13_1).toBe(groszeToDecimal(netGrosze));
      expect(Fa.P_14_1).toBe(groszeToDecimal(vatGrosze));
      // the totals add up to the price to the grosz
      expect(Math.round(Number(Fa.P_13_1) * 100) + Math.round(Number(Fa.P_14_1) * 100)).toBe(price);
      expect(Fa.FaWiersz.P_9B).toBe(groszeToDecimal(price));
      expect(Fa.FaWiersz.P_11A).toBe(groszeToDecimal(price));
    },
  );

  it('writes 384,00 zł as 312,20 net + 71,80 VAT (not 71,81 from the rounded net)', () => {
    const { Fa } = parse(renderInvoiceXml(anInvoice({ grossGrosze: 38400 }))).Faktura;
    expect([Fa.P_13_1, Fa.P_14_1, Fa.P_15]).toEqual(['312.20', '71.80', '384.00']);
  });

  it('maps the invoice fields: header, seller, buyer, dates, line in the gross convention, paid by card', () => {
    const invoice = anInvoice({ grossGrosze: 28800, issueDate: '2026-11-26', saleDate: '2026-11-25' });
    const xml = renderInvoiceXml(invoice);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const f = parse(xml).Faktura;
    expect(f['@xmlns']).toBe(FA3_NAMESPACE);
    expect(f.Naglowek.KodFormularza).toEqual({
      '@kodSystemowy': 'FA (3)',
      '@wersjaSchemy': '1-0E',
      '#': 'FA',
    });
    expect(f.Naglowek.WariantFormularza).toBe('3');
    expect(f.Podmiot1.DaneIdentyfikacyjne).toEqual({ NIP: '5252812119', Nazwa: 'Punkto sp. z o.o.' });
    expect(f.Podmiot1.Adres).toEqual({
      KodKraju: 'PL',
      AdresL1: 'ul. Prosta 20/4',
      AdresL2: '00-850 Warszawa',
    });
    expect(f.Podmiot2.DaneIdentyfikacyjne).toEqual({
      NIP: '6762472394',
      Nazwa: 'Kawiarnia Pod Lipą Zażółć Gęślą Jaźń',
    });
    expect([f.Fa.P_1, f.Fa.P_2, f.Fa.P_6]).toEqual(['2026-11-26', 'FV/BKDFGH/2026/0123', '2026-11-25']);
    expect(f.Fa.FaWiersz).toEqual({
      NrWierszaFa: '1',
      P_7: invoice.lines[0]!.name,
      P_8A: 'usł.',
      P_8B: '1',
      P_9B: '288.00',
      P_11A: '288.00',
      P_12: '23',
    });
    expect(f.Fa.Platnosc).toEqual({ Zaplacono: '1', DataZaplaty: '2026-11-25', FormaPlatnosci: '2' });
  });

  it('dates the payment in Warsaw time (23:30 UTC on 31 Dec is already 1 Jan in Poland)', async () => {
    expect(warsawDate('2026-12-31T23:30:00Z')).toBe('2027-01-01');
    expect(warsawDate('2026-07-01T21:59:00Z')).toBe('2026-07-01');
    const xml = renderInvoiceXml(
      anInvoice({ paidAt: '2026-12-31T23:30:00Z', issueDate: '2027-01-01', saleDate: '2027-01-01' }),
    );
    expect(parse(xml).Faktura.Fa.Platnosc.DataZaplaty).toBe('2027-01-01');
    expect((await validate(xml)).valid).toBe(true);
  });

  it('the XSD catches what a renderer could get wrong (the validation is real)', async () => {
    const xml = renderInvoiceXml(anInvoice());
    const broken = [
      xml.replace('<P_12>23</P_12>', '<P_12>23%</P_12>'),
      xml.replace('<P_15>384.00</P_15>', '<P_15>384,00</P_15>'),
      xml.replace(/<NIP>5252812119<\/NIP>/, '<NIP>525-281-21-19</NIP>'),
      xml.replace('<RodzajFaktury>VAT</RodzajFaktury>', ''),
    ];
    for (const candidate of broken) {
      expect(candidate).not.toBe(xml);
      const { valid, errors } = await validate(candidate);
      expect(valid).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
    }
  });

  it('refuses an invoice whose stored amounts do not add up instead of rendering it', () => {
    const invoice = anInvoice({ grossGrosze: 38400 });
    expect(() => renderInvoiceXml({ ...invoice, totals: { ...invoice.totals, vatGrosze: 7181 } })).toThrow(
      /inconsistent/,
    );
  });

  // Issue 32: a company name stored before names were checked, with U+FEFF and a broken surrogate, printed as „�”.
  it('a name stored with invisible or broken characters prints clean, NFC, and the XML stays valid', async () => {
    const invoice = anInvoice();
    const xml = renderInvoiceXml({
      ...invoice,
      buyer: {
        ...invoice.buyer,
        name: '\uFEFFKawiarnia Pod Lip\u0061\u0328\u200B \uD83D',
        address: { ...invoice.buyer.address, street: 'ul. Długa\u00A0\u202E12' },
      },
    });
    expect(xml).not.toContain('\uFFFD');
    const f = parse(xml).Faktura;
    expect(f.Podmiot2.DaneIdentyfikacyjne.Nazwa).toBe('Kawiarnia Pod Lipą');
    expect(await validate(xml)).toEqual({ valid: true, errors: [] });
  });
});
