import { TimeZone } from '@punkto/contracts/integration-events';
import type { BinaryReply } from './endpoint-route';

/**
 * CSV files for spreadsheets, as Polish Excel opens them with a double click: UTF-8 with a byte-order mark (else
 * Excel reads ANSI and "Łucja" turns into "Å\u0081ucja"), `;` between cells (the Polish list separator; a comma
 * is the decimal separator), CRLF line ends and RFC 4180 quoting. A text cell that a spreadsheet would run as a
 * formula (= + - @, a tab or a carriage return first) gets an apostrophe in front (OWASP "CSV injection"):
 * names and e-mails are typed by customers. Numbers are written as they are. Pure.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
/** the number of data rows of an export, sent before its body so that a browser can show progress */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

/** One cell: numbers as they are, text protected from formulas and quoted when it has to be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line with its CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** `4250` grosze → `42,50` (a decimal comma, no thousands separator: Polish Excel reads it as a number). */
export function zlotyFromGrosze(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(grosze));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const warsawParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(at: Date): Record<string, string> {
  const parts = Object.fromEntries(warsawParts.formatToParts(at).map((p) => [p.type, p.value]));
  // `100`, not `0100`: the year in four digits like every other ISO date
  return { ...parts, year: parts.year!.padStart(4, '0') };
}

/** The UTC instant of a calendar date and time; unlike Date.UTC, years 0–99 stay years 0–99. */
function utc(year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, monthIndex, day);
  at.setUTCHours(hours, minutes, seconds, 0);
  return at.getTime();
}

/** An instant as Warsaw wall-clock time, `2026-03-29 03:30:00` (what Excel reads as a date and time). */
export function warsawDateTime(at: Date | string): string {
  const p = partsOf(typeof at === 'string' ? new Date(at) : at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** An instant's calendar day in Warsaw, `2026-03-29`. */
export function warsawDate(at: Date): string {
  const p = partsOf(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The offset of Warsaw from UTC at an instant, in ms (CET +1 h, CEST +2 h, local mean time until 1915 +1:24). */
function warsawOffsetMs(at: number): number {
  const p = partsOf(new Date(at));
  const asUtc = utc(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a Warsaw calendar day (`2026-03-29`) begins: the one function for it (the exports, the card
 * history). Poland changes its clocks at 02:00/03:00, never at midnight, so the offset at the guessed instant
 * is the day's own after one correction. Total: any `YYYY-MM-DD` gets an instant, whatever the zone's offset
 * was then, and nothing throws (issue 36: the history's own copy of this threw "no local midnight found" for
 * years 0100–1945 and answered 500).
 */
export function warsawStartOfDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = utc(year, month - 1, day);
  const guess = midnightAsUtc - warsawOffsetMs(midnightAsUtc);
  return new Date(midnightAsUtc - warsawOffsetMs(guess));
}

/** `2026-03-29` + n days (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const d = new Date(utc(year, month - 1, day + days));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
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
  let batch = '';
  let lines = 0;
  for await (const row of rows) {
    batch += csvLine(row);
    if (++lines >= linesPerChunk) {
      yield batch;
      batch = '';
      lines = 0;
    }
  }
  if (batch) yield batch;
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
