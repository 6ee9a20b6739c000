import { describe, expect, it } from 'vitest';
import {
  addDays,
  CSV_BOM,
  csvCell,
  csvChunks,
  csvLine,
  warsawDate,
  warsawDateTime,
  warsawStartOfDay,
  zlotyFromGrosze,
} from './csv';

async function fileOf(header: string[], rows: Array<Array<string | number | null>>, linesPerChunk = 200) {
  async function* source() {
    yield* rows;
  }
  const chunks: string[] = [];
  for await (const chunk of csvChunks(header, source(), linesPerChunk)) chunks.push(chunk);
  return chunks;
}

describe('CSV for Polish Excel', () => {
  describe('given plain cells', () => {
    it('joins them with semicolons and ends the line with CRLF', () => {
      expect(csvLine(['Łucja Żak', 'lucja@example.pl', 12, null, undefined])).toBe(
        'Łucja Żak;lucja@example.pl;12;;\r\n',
      );
    });
  });

  describe('given cells with separators, quotes or line breaks (RFC 4180)', () => {
    it('quotes them and doubles the quotes', () => {
      expect(csvCell('Kawa; duża')).toBe('"Kawa; duża"');
      expect(csvCell('Nagroda „Kawa” "gratis"')).toBe('"Nagroda „Kawa” ""gratis"""');
      expect(csvCell('dwie\nlinie')).toBe('"dwie\nlinie"');
      expect(csvCell('a,b')).toBe('a,b');
    });
  });

  describe('given text a spreadsheet would run as a formula', () => {
    it.each([
      ['=HYPERLINK("http://zly.example")', `"'=HYPERLINK(""http://zly.example"")"`],
      ['+48 600 100 200', "'+48 600 100 200"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tukryte', "'\tukryte"],
      ['\rpowrót', `"'\rpowrót"`],
    ])('prefixes %j with an apostrophe', (value, expected) => {
      expect(csvCell(value)).toBe(expected);
    });

    it('keeps a phone number in E.164 text: Excel would turn +48600100200 into a number', () => {
      expect(csvCell('+48600100200')).toBe("'+48600100200");
      expect(csvCell('+380501234567')).toBe("'+380501234567");
    });

    it('leaves numbers, negative ones included, as numbers', () => {
      expect(csvCell(-50)).toBe('-50');
      expect(csvCell(Number.NaN)).toBe('');
    });
  });

  describe('given amounts in grosze', () => {
    it('writes złoty with a decimal comma', () => {
      expect(zlotyFromGrosze(4250)).toBe('42,50');
      expect(zlotyFromGrosze(5)).toBe('0,05');
      expect(zlotyFromGrosze(1234567)).toBe('12345,67');
      expect(zlotyFromGrosze(-199)).toBe('-1,99');
    });
  });

  describe('given instants around the changes of Polish time', () => {
    it('writes Warsaw wall-clock time in winter and in summer', () => {
      expect(warsawDateTime('2026-01-15T11:05:09.000Z')).toBe('2026-01-15 12:05:09');
      expect(warsawDateTime('2026-07-15T11:05:09.000Z')).toBe('2026-07-15 13:05:09');
      // 29 March 2026: 02:00 CET becomes 03:00 CEST
      expect(warsawDateTime('2026-03-29T00:59:59.000Z')).toBe('2026-03-29 01:59:59');
      expect(warsawDateTime('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 03:00:00');
      // 25 October 2026: 03:00 CEST becomes 02:00 CET
      expect(warsawDateTime('2026-10-25T00:30:00.000Z')).toBe('2026-10-25 02:30:00');
      expect(warsawDateTime('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 02:30:00');
      expect(warsawDate(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
    });

    it('finds the instant a Warsaw day begins, in either offset', () => {
      expect(warsawStartOfDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
      expect(warsawStartOfDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
      expect(warsawStartOfDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
      expect(warsawStartOfDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
      expect(warsawStartOfDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    });

    // issue 36, finding 2: the card history's own copy of this threw "no local midnight found" for old dates
    it.each([
      // Warsaw's local mean time (+1:24) until 1880, then Warsaw mean time (+1:24) until 1915
      ['0100-01-01', '0099-12-31T22:36:00.000Z'],
      ['1800-06-01', '1800-05-31T22:36:00.000Z'],
      ['1900-01-01', '1899-12-31T22:36:00.000Z'],
      ['1945-06-01', '1945-05-31T22:00:00.000Z'], // summer time (+2)
      ['0050-07-01', '0050-06-30T22:36:00.000Z'], // a year below 100 stays that year (not 1950)
    ])('finds the instant an old Warsaw day %s begins (%s), without throwing', (date, iso) => {
      const start = warsawStartOfDay(date);
      expect(start.toISOString()).toBe(iso);
      expect(warsawDateTime(start)).toBe(`${date} 00:00:00`);
    });

    it('gives every day from year 1 to 2100 an instant on that day', () => {
      for (let year = 1; year <= 2100; year += 7)
        for (let month = 1; month <= 12; month++) {
          const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
          expect(warsawDate(warsawStartOfDay(date)), date).toBe(date);
          expect(addDays(date, 1), date).toBe(`${date.slice(0, 8)}02`);
        }
    });

    it('counts calendar days across month and year ends', () => {
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
      expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
      expect(addDays('2026-11-25', -29)).toBe('2026-10-27');
    });
  });

  describe('given a header and rows', () => {
    it('starts the file with the BOM and the header, then the rows in batches', async () => {
      const chunks = await fileOf(
        ['Imię i nazwisko', 'Punkty'],
        [
          ['Anna', 1],
          ['Bartek', 2],
          ['Celina', 3],
        ],
        2,
      );
      expect(chunks).toEqual([
        `${CSV_BOM}Imię i nazwisko;Punkty\r\n`,
        'Anna;1\r\nBartek;2\r\n',
        'Celina;3\r\n',
      ]);
      expect(Buffer.from(chunks.join(''), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    });

    it('is only the BOM and the header when there are no rows', async () => {
      expect(await fileOf(['A'], [])).toEqual([`${CSV_BOM}A\r\n`]);
    });
  });
});
