import { TZDate } from '@date-fns/tz';
import {
  addDays as addCalendarDays,
  format,
  getISODay,
  getISOWeek,
  getISOWeekYear,
  startOfISOWeek,
} from 'date-fns';

/**
 * THE Europe/Warsaw calendar of the product (services and web): what day, week and wall-clock time an instant
 * is in Poland, and when a Warsaw day begins. On @date-fns/tz (the zone's rules from the runtime's ICU data);
 * total over years 1–9999, pre-1915 local mean time (+1:24) included. Pure.
 */
export const WARSAW = 'Europe/Warsaw';

const inWarsaw = (at: Date | string | number) => new TZDate(new Date(at).getTime(), WARSAW);

/** `2026-03-02`, zero-padded; years 0–99 stay years 0–99 */
const ymd = (at: TZDate) => format(at, 'yyyy-MM-dd');

/** An instant's calendar day in Warsaw, `2026-03-29`. */
export function warsawDate(at: Date | string): string {
  return ymd(inWarsaw(at));
}

/** An instant as Warsaw wall-clock time, `2026-03-29 03:30:00` (what Excel reads as a date and time). */
export function warsawDateTime(at: Date | string): string {
  return format(inWarsaw(at), 'yyyy-MM-dd HH:mm:ss');
}

/** The Warsaw midnight of a calendar date `2026-03-29`, as a zoned date (the calendar's arithmetic base). */
function warsawMidnight(date: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // set field by field: the Date constructor would read years 0–99 as 1900–1999
  const at = new TZDate(0, WARSAW);
  at.setFullYear(year, month - 1, day);
  at.setHours(0, 0, 0, 0);
  return at;
}

/**
 * The instant a Warsaw calendar day (`2026-03-29`) begins: the one function for it (the exports, the card
 * history). Total: any `YYYY-MM-DD` gets an instant, whatever the zone's offset was then, and nothing throws
 * (issue 36: the history's own copy of this threw "no local midnight found" for years 0100–1945).
 */
export function warsawStartOfDay(date: string): Date {
  return new Date(warsawMidnight(date).getTime());
}

/**
 * The instant of a Warsaw wall-clock time, `2026-12-05` + `09:30`; a time the spring change skips (02:30 on the
 * last Sunday of March) is the hour after it.
 */
export function warsawAt(date: string, time: string): Date {
  const at = warsawMidnight(date);
  at.setHours(Number(time.slice(0, 2)), Number(time.slice(3, 5)), 0, 0);
  return new Date(at.getTime());
}

/** `2026-03-29` + n days (calendar arithmetic). */
export function addDays(date: string, days: number): string {
  return ymd(addCalendarDays(warsawMidnight(date), days));
}

/** Monday (Warsaw) of the week `at` falls in, `2026-11-23`. */
export function warsawWeekOf(at: Date): string {
  return ymd(startOfISOWeek(inWarsaw(at)));
}

/** Local time in Poland of an instant, with the calendar keys reward rules use. */
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

export function warsawLocal(at: Date): WarsawLocal {
  const local = inWarsaw(at);
  return {
    date: ymd(local),
    time: format(local, 'HH:mm'),
    weekday: getISODay(local),
    week: `${getISOWeekYear(local)}-W${String(getISOWeek(local)).padStart(2, '0')}`,
    month: format(local, 'yyyy-MM'),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A Polish formatter of instants in Warsaw time (`{ dateStyle: 'long' }` → `25 listopada 2026`), made once per
 * set of options: dates shown to people, in e-mails, pages and the SPA.
 */
export function warsawFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (at: Date | string | number) => string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('pl-PL', { ...options, timeZone: WARSAW });
    formatters.set(key, formatter);
  }
  const made = formatter;
  return (at) => made.format(typeof at === 'string' ? new Date(at) : at);
}
