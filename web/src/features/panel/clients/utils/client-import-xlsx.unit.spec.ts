import { strToU8, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { cellsOf, guessColumns, previewRows, toTable } from './client-import';

/** a minimal XLSX (one sheet; text as inline strings, numbers as numbers), as a spreadsheet saves one */
function xlsx(rows: (string | number | null)[][]): Buffer {
  const cell = (value: string | number | null, r: number, c: number) => {
    const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
    if (value === null) return '';
    return typeof value === 'number'
      ? `<c r="${ref}"><v>${value}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  };
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => cell(v, r, c)).join('')}</row>`)
    .join('')}</sheetData></worksheet>`;
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Klienci" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
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
});
