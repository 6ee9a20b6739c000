import { TZDate, tzOffset } from '@date-fns/tz';
import {
  addDays as addCalendarDays,
  format,
  getISODay,
  getISOWeek,
  getISOWeekYear,
  startOfISOWeek,
} from 'date-fns';
import { WARSAW } from './warsaw-format';

/*
 * THE Europe/Warsaw calendar of the product (services and web): what day, week and wall-clock time an instant
 * is in Poland, and when a Warsaw day begins. On @date-fns/tz (the zone's rules from the runtime's ICU data);
 * total over years 1–9999, pre-1915 local mean time (+1:24) included. Pure.
 */
const inWarsaw = (at: Date | string | number) => new TZDate(new Date(at).getTime(), WARSAW);

/** `2026-03-02`, zero-padded; years 0–99 stay years 0–99 */
const ymd = (at: TZDate) => format(at, 'yyyy-MM-dd');

/** An instant's calendar day in Warsaw, `2026-03-29`. */
export function warsawDate(at: Date | string): string {
  return ymd(inWarsaw(at));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An instant as Warsaw wall-clock time, `2026-03-29 03:30:00` (what Excel reads as a date and time). Once per
 * row of the CSV exports, so written out from the zone's offset: the same text as date-fns' `yyyy-MM-dd HH:mm:ss`
 * of a TZDate, in a fifth of its time.
 */
export function warsawDateTime(at: Date | string): string {
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const wall = new Date(ms + tzOffset(WARSAW, new Date(ms)) * 60_000);
  const year = wall.getUTCFullYear();
  // date-fns' `yyyy` has no year 0: 1 BC is 0001
  return (
    `${pad(year > 0 ? year : 1 - year, 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
  );
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

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) =>
  month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;

/**
 * `2026-01-31` + n calendar months (n ≥ 0 or < 0): the same day of the month, or the month's last day when it has
 * no such day (31 Jan + 1 month = 28 or 29 Feb). Plain calendar arithmetic on the date (no time, no zone).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}
