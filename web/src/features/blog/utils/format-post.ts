const dateFormat = new Intl.DateTimeFormat('pl-PL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-10` → `10 marca 2026` (SPEC §2: localized date). */
export function formatPostDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** SPEC §2: reading time in minutes — `15` → `15 min czytania`. */
export function formatReadTime(minutes: number): string {
  return `${minutes} min czytania`;
}
