/** Dates shown to people: Polish locale, Warsaw time (the product's businesses are in Poland). */

import { warsawFormat } from '@punkto/contracts/warsaw-format';

const dateFormat = warsawFormat({ dateStyle: 'medium' });
const dateTimeFormat = warsawFormat({ dateStyle: 'medium', timeStyle: 'short' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2026-03-05T10:00:00Z` → `5 mar 2026`; missing or invalid → `—`. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat(date) : '—';
}

/** `2026-03-05T10:00:00Z` → `5 mar 2026, 11:00` (Warsaw time); missing or invalid → `—`. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat(date) : '—';
}
