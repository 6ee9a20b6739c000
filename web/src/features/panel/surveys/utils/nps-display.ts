/** How the panel writes NPS figures (pure). */

/** `+40`, `0`, `−20` (a real minus sign) */
export const formatNps = (nps: number) => (nps > 0 ? `+${nps}` : nps < 0 ? `−${Math.abs(nps)}` : '0');

/** `2026-11` → `listopad 2026` */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1)).toLocaleDateString('pl-PL', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** `2026-11-16` → `tydzień od 16.11.2026` */
export const weekLabel = (monday: string) => `tydzień od ${monday.split('-').reverse().join('.')}`;

/** below the anonymity threshold: how many more answers are needed (`brakuje 1/2/5 odpowiedzi`) */
export const answersNeeded = (threshold: number, missing: number) =>
  `Wyniki pokażemy od ${threshold} odpowiedzi, żeby nikt nie mógł rozpoznać, kto jak ocenił — brakuje jeszcze ${missing} odpowiedzi.`;

/** the share of `part` in `total`, in whole per cent */
export const percent = (part: number, total: number) => (total ? Math.round((part / total) * 100) : 0);
