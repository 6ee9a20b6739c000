import { strToU8, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { readImportRow } from '@punkto/contracts/client-import';
import { describe, expect, it } from 'vitest';
import { cellsOf, guessColumns, previewRows, toTable } from './client-import';

/** a minimal XLSX (one sheet; text as inline strings, numbers as numbers), as a spreadsheet saves one */
type XlsxCell = string | number | null | { date: number };
function xlsx(rows: XlsxCell[][]): Buffer {
  const cell = (value: XlsxCell, r: number, c: number) => {
    const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
    if (value === null) return '';
    // a date cell: Excel's day number with a date format (style 1 → built-in format 14, „dd.mm.yyyy” in Polish Excel)
    if (typeof value === 'object') return `<c r="${ref}" s="1"><v>${value.date}</v></c>`;
    return typeof value === 'number'
      ? `<c r="${ref}"><v>${value}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  };
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => cell(v, r, c)).join('')}</row>`)
    .join('')}</sheetData></worksheet>`;
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Klienci" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));
}

describe('an XLSX file (read-excel-file, as the panel reads it)', () => {
  it('numbers typed as numbers (a phone, points) read as the same text as in a CSV', async () => {
    const file = xlsx([
      ['Imię i nazwisko', 'E-mail', 'Telefon', 'Punkty', 'Zgoda na wiadomości'],
      ['Anna Kowalska', 'anna@example.com', 600100200, 120, 'tak'],
      [null, null, null, null, null],
      ['Jan Nowak', null, 501202303, 0, 'nie'],
    ]);
    const table = toTable(await readSheet(file));
    expect(table.headers).toEqual(['Imię i nazwisko', 'E-mail', 'Telefon', 'Punkty', 'Zgoda na wiadomości']);
    const map = guessColumns(table.headers);
    const rows = previewRows(table.rows.map((_, i) => cellsOf(table, map, i)));
    expect(rows.map((r) => r.errors)).toEqual([[], []]);
    expect(rows.map((r) => r.cells)).toMatchObject([
      { row: 2, name: 'Anna Kowalska', phone: '600100200', points: '120', consent: 'tak' },
      { row: 4, name: 'Jan Nowak', email: '', phone: '501202303', points: '0' },
    ]);
  });

  it('a date cell in the birthday column reads as its day and month, the year dropped', async () => {
    // Excel counts days from 30 December 1899: 31120 is 14 March 1985, 36585 is 29 February 2000
    const file = xlsx([
      ['Imię i nazwisko', 'Telefon', 'Data urodzenia'],
      ['Anna Kowalska', 600100200, { date: 31120 }],
      ['Jan Nowak', 501202303, { date: 36585 }],
      ['Maria Wiśniewska', 502303404, '14.03'],
    ]);
    const table = toTable(await readSheet(file));
    const map = guessColumns(table.headers);
    const cells = table.rows.map((_, i) => cellsOf(table, map, i));
    expect(cells.map((c) => c.birthday)).toEqual(['1985-03-14', '2000-02-29', '14.03']);
    const read = cells.map((c) => readImportRow(c));
    expect(read.map((r) => (r.ok ? r.value.birthday : r.errors))).toEqual([
      { day: 14, month: 3 },
      { day: 29, month: 2 },
      { day: 14, month: 3 },
    ]);
  });
});
