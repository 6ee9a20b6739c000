import { plural } from '@punkto/contracts/plural';
import { addDays, warsawDate } from '@punkto/contracts/warsaw-time';
import {
  dateRangeProblem,
  EXPORT_DEFAULT_RANGE_DAYS,
  ExportMessages,
  TransactionsExportQuery,
} from '@punkto/contracts/exports';
import { formatNumber } from '../../../../lib/format';
import type { CsvProgress } from '../../../../lib/csv-download';

/** The day of an instant in Poland, `2026-11-25` (the export's days are Warsaw days). */
export const warsawToday = (now: Date): string => warsawDate(now);

/** The dialog's start: the last 30 days, today included (what the server exports without dates). */
export function defaultExportRange(now: Date): { from: string; to: string } {
  const to = warsawToday(now);
  return { from: addDays(to, -(EXPORT_DEFAULT_RANGE_DAYS - 1)), to };
}

/** What is wrong with the dates, per field (Polish, the server's own rules), or null. */
export function exportRangeErrors(range: {
  from: string;
  to: string;
}): { from?: string; to?: string } | null {
  const parsed = TransactionsExportQuery.safeParse(range);
  if (!range.from) return { from: ExportMessages.date };
  if (!range.to) return { to: ExportMessages.date };
  if (!parsed.success) {
    const errors: { from?: string; to?: string } = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as 'from' | 'to'] ??= issue.message;
    return errors;
  }
  const problem = dateRangeProblem(range.from, range.to);
  return problem ? { from: problem } : null;
}

/** "Pobrano 1200 z 10 000 wierszy" (Polish numbers: no separator below 10 000). */
export function progressLabel({ rows, total }: CsvProgress): string {
  const done = formatNumber(rows, 0);
  if (total === null) return `Pobrano ${done} ${rowsCounted(rows)}`;
  // "z N" takes the genitive: z 1 wiersza, z 2 wierszy, z 5 wierszy
  return `Pobrano ${done} z ${formatNumber(total, 0)} ${total === 1 ? 'wiersza' : 'wierszy'}`;
}

/** 1 wiersz, 2–4 wiersze (not 12–14), 5+ wierszy */
const rowsCounted = (n: number): string => plural(n, 'wiersz', 'wiersze', 'wierszy');
