import { TimeZone } from '@punkto/contracts/integration-events';
import type { LimitPeriod } from '@punkto/contracts/programs';

/**
 * Local time in Poland (Europe/Warsaw, CET/CEST) of an instant, with the calendar keys reward rules use.
 * Pure; the zone's rules come from the runtime's ICU data through Intl (no extra libraries). The instant a
 * Warsaw day begins is platform's `warsawStartOfDay` (one function for the exports and the history).
 */
export interface WarsawLocal {
  /** `2026-03-02` */
  date: string;
  /** `08:05` (24 h) */
  time: string;
  /** ISO weekday: 1 = Monday … 7 = Sunday */
  weekday: number;
  /** ISO week `2026-W10` (the ISO week-numbering year may differ from the calendar year) */
  week: string;
  /** `2026-03` */
  month: string;
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function warsawLocal(at: Date): WarsawLocal {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const [year, month, day] = [Number(p.year), Number(p.month), Number(p.day)];
  const date = `${p.year}-${p.month}-${p.day}`;
  // calendar arithmetic on the LOCAL date (UTC midnight of it), independent of the host's zone
  const utc = Date.UTC(year, month - 1, day);
  const weekday = ((new Date(utc).getUTCDay() + 6) % 7) + 1;
  const thursday = new Date(utc + (4 - weekday) * 86_400_000);
  const isoYear = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * 86_400_000)) + 1;
  return {
    date,
    time: `${p.hour}:${p.minute}`,
    weekday,
    week: `${isoYear}-W${String(week).padStart(2, '0')}`,
    month: `${p.year}-${p.month}`,
  };
}

/** The key of the calendar period (local) an instant falls in; `null` period → `all` (never renewed). */
export function periodKey(period: LimitPeriod | null, local: WarsawLocal): string {
  switch (period) {
    case 'day':
      return local.date;
    case 'week':
      return local.week;
    case 'month':
      return local.month;
    case null:
      return 'all';
  }
}
