import { describe, expect, it } from 'vitest';
import { attachmentName, csvRowCounter, readCsv, totalRowsOf, type CsvProgress } from './csv-download';

const bytes = (text: string) => new TextEncoder().encode(text);
const FILE = '\uFEFFImię;Opis\r\nAnna;"dwie\r\nlinie"\r\nBartek;"cytat ""x""; średnik"\r\nCelina;ok\r\n';

function streamed(text: string, chunkSize: number, headers: Record<string, string> = {}) {
  const all = bytes(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < all.length; i += chunkSize) controller.enqueue(all.slice(i, i + chunkSize));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } });
}

describe('reading a CSV export with progress', () => {
  describe('given rows split anywhere between chunks', () => {
    it.each([1, 3, 7, 1000])(
      'counts complete data rows only, quoted line breaks included (chunks of %i)',
      (size) => {
        const counter = csvRowCounter();
        const all = bytes(FILE);
        let rows = 0;
        for (let i = 0; i < all.length; i += size) rows = counter.push(all.slice(i, i + size));
        expect(rows).toBe(3);
      },
    );

    it('does not count the header line as a row', () => {
      expect(csvRowCounter().push(bytes('\uFEFFA;B\r\n'))).toBe(0);
      expect(csvRowCounter().push(bytes('A;B\r\nx;'))).toBe(0);
    });
  });

  describe('given an export response', () => {
    it('reports the rows against X-Total-Count and keeps every byte, the BOM included', async () => {
      const progress: CsvProgress[] = [];
      const response = streamed(FILE, 9, {
        'x-total-count': '3',
        'content-disposition': 'attachment; filename="transakcje-2026-11-25.csv"',
      });
      const blob = await readCsv(response, (p) => progress.push(p));
      expect(progress[0]).toEqual({ rows: 0, total: 3 });
      expect(progress.at(-1)).toEqual({ rows: 3, total: 3 });
      expect(progress.map((p) => p.rows)).toEqual([...progress.map((p) => p.rows)].sort((a, b) => a - b));
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes(FILE));
      expect(blob.type).toBe('text/csv;charset=utf-8');
      expect(attachmentName(response, 'eksport.csv')).toBe('transakcje-2026-11-25.csv');
    });

    it('falls back when the server gives no total or file name', () => {
      const response = new Response('x', { headers: { 'x-total-count': 'wiele' } });
      expect(totalRowsOf(response)).toBeNull();
      expect(attachmentName(response, 'eksport.csv')).toBe('eksport.csv');
    });
  });
});
