import { z } from 'zod';
import { QueryDate, QueryDateMessages } from './dates';
import { singleLineText } from './text';

/**
 * CSV exports of the panel (issue 20): the clients of a company and the history entries of its cards. The files
 * are UTF-8 with a byte-order mark, `;`-separated with CRLF line ends (what Polish Excel opens with a double
 * click); the number of data rows comes first in `X-Total-Count`, so the browser can show progress.
 */
export const CSV_MEDIA_TYPE = 'text/csv';
export const EXPORT_TOTAL_COUNT_HEADER = 'X-Total-Count';
/** the transactions export covers at most this many days (both ends included) */
export const EXPORT_MAX_RANGE_DAYS = 366;
/** without dates: the last 30 days, today (Warsaw) included */
export const EXPORT_DEFAULT_RANGE_DAYS = 30;

export const ExportMessages = {
  date: QueryDateMessages.format,
  order: 'Data początkowa nie może być późniejsza niż końcowa.',
  range: `Zakres dat może obejmować najwyżej ${EXPORT_MAX_RANGE_DAYS} dni.`,
} as const;

export const ClientsExportQuery = z
  .object({
    /** the list's search (name, e-mail, phone) */
    searchTerm: singleLineText().max(200).optional(),
    programId: z.string().min(1).max(64).optional(),
  })
  .meta({ id: 'ClientsExportQuery' });
export type ClientsExportQuery = z.infer<typeof ClientsExportQuery>;

export const TransactionsExportQuery = z
  .object({
    /** first day (Warsaw), included; default: 29 days before `to` */
    from: QueryDate.optional(),
    /** last day (Warsaw), included; default: today */
    to: QueryDate.optional(),
  })
  .meta({ id: 'TransactionsExportQuery' });
export type TransactionsExportQuery = z.infer<typeof TransactionsExportQuery>;

/** Days from `from` to `to`, both included (calendar dates, no zone). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The problem with a date range, in Polish, or null when it can be exported. */
export function dateRangeProblem(from: string, to: string): string | null {
  if (from > to) return ExportMessages.order;
  if (daysInRange(from, to) > EXPORT_MAX_RANGE_DAYS) return ExportMessages.range;
  return null;
}
