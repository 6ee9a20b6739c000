import { stringify, type Options } from 'csv-stringify/sync';
import type { BinaryReply } from './endpoint-route';

/** the exports' Warsaw calendar, from THE Warsaw time module */
export { addDays, warsawDate, warsawDateTime, warsawStartOfDay } from '@punkto/contracts/warsaw-time';

/**
 * CSV files for spreadsheets, as Polish Excel opens them with a double click: UTF-8 with a byte-order mark (else
 * Excel reads ANSI and "Łucja" turns into "Å\u0081ucja"), `;` between cells (the Polish list separator; a comma
 * is the decimal separator), CRLF line ends and RFC 4180 quoting. A text cell that a spreadsheet would run as a
 * formula (= + - @, a tab or a carriage return first) gets an apostrophe in front (OWASP "CSV injection"):
 * names and e-mails are typed by customers. A phone number in E.164 (`+48600100200`, ADR 0042) keeps the
 * apostrophe too: Excel would read `+48600100200` as the number 48600100200 (shown as 4,86E+10), the apostrophe
 * keeps it the text people typed. Numbers are written as they are. Pure; written by csv-stringify.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** the number of data rows of an export, sent before its body so that a browser can show progress */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const isFormula = (value: string) => FORMULA_START.test(value);

const OPTIONS: Options = {
  delimiter: CSV_SEPARATOR,
  record_delimiter: CSV_LINE_END,
  // besides the separator and quotes, a lone line break too (a record ends only with CRLF)
  quoted_match: /[\r\n]/,
  cast: {
    number: (value) => (Number.isFinite(value) ? String(value) : ''),
    string: (value) => (isFormula(value) ? `'${value}` : value),
  },
};

/** Lines with their CRLFs. */
export function csvLines(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return stringify(rows as CsvCell[][], OPTIONS);
}

/** One line with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return csvLines([cells]);
}

/** One cell: numbers as they are, text protected from formulas and quoted when it has to be. */
export function csvCell(value: CsvCell): string {
  return csvLine([value]).slice(0, -CSV_LINE_END.length);
}

/** `4250` grosze → `42,50` (a decimal comma, no thousands separator: Polish Excel reads it as a number). */
export function zlotyFromGrosze(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(grosze));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** `Content-Disposition` of a downloaded file, `klienci-2026-11-25.csv`. */
export function attachment(filename: string): string {
  return `attachment; filename="${filename}"`;
}

/** The file as chunks: the BOM and header line first, then the rows in batches of lines. */
export async function* csvChunks(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
  linesPerChunk = 200,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  let batch: Array<readonly CsvCell[]> = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= linesPerChunk) {
      yield csvLines(batch);
      batch = [];
    }
  }
  if (batch.length) yield csvLines(batch);
}

/**
 * The answer of a CSV export endpoint: streamed (rows are read as the client takes them), the data row count up
 * front in `X-Total-Count`, and a file name for the browser's download.
 */
export function csvReply(file: {
  filename: string;
  total: number;
  header: readonly string[];
  rows: AsyncIterable<readonly CsvCell[]>;
}): BinaryReply {
  return {
    contentType: CSV_CONTENT_TYPE,
    body: csvChunks(file.header, file.rows),
    headers: {
      'content-disposition': attachment(file.filename),
      [TOTAL_COUNT_HEADER]: String(file.total),
      'cache-control': 'no-store',
    },
  };
}
