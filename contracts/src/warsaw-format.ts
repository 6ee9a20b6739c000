/**
 * Polish dates shown to people, in Warsaw time: on Intl alone, so the SPA's pages that only show dates do not
 * load the Warsaw calendar's date-fns (warsaw-time.ts, ~7 kB gzip) for them.
 */
export const WARSAW = 'Europe/Warsaw';

/**
 * A Polish formatter of instants in Warsaw time (`{ dateStyle: 'long' }` → `25 listopada 2026`): dates shown to
 * people, in e-mails, pages and the SPA. Make it once, at module level: the Intl.DateTimeFormat behind it is costly
 * to make (tens of milliseconds of a phone's start for the first one), so it is made at its first use, not when the
 * module loads.
 */
export function warsawFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (at: Date | string | number) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (at) => {
    formatter ??= new Intl.DateTimeFormat('pl-PL', { ...options, timeZone: WARSAW });
    return formatter.format(typeof at === 'string' ? new Date(at) : at);
  };
}
