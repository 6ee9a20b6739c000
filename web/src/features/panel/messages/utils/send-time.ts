import { QUIET_HOURS } from '@punkto/contracts/messages';
import { warsawAt, warsawLocal } from '@punkto/contracts/warsaw-time';

/**
 * The send time of the compose form: a date and a time typed in Warsaw time (the companies are in Poland,
 * whatever the browser's zone), turned into an ISO instant with Warsaw's offset; and the quiet hours
 * (QUIET_HOURS, 21:00–8:00 Warsaw) when no lock-screen notice goes out.
 */

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

/** The Warsaw wall clock of an instant. */
export function warsawWallClock(instant: Date): WallClock {
  const { date, time } = warsawLocal(instant);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day, hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `2026-12-05` + `09:30` in Warsaw → `2026-12-05T09:30:00+01:00`; null for an incomplete or impossible date.
 * A time skipped by the spring change (02:30 on the last Sunday of March) resolves to the hour after it.
 */
export function warsawToIso(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wallAsUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // the offset that puts the wall clock on its instant (the hour after it, for a time the spring change skips)
  const offset = Math.round((wallAsUtc - warsawAt(date, time).getTime()) / 60_000);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The date and time fields' values (Warsaw) of an instant: `{ date: '2026-12-05', time: '09:30' }`. */
export function warsawInputs(instant: Date): { date: string; time: string } {
  const wall = warsawWallClock(instant);
  return {
    date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Within QUIET_HOURS (from 21:00 until 8:00 Warsaw), when notices wait for the morning. */
export function isQuietHour(instant: Date): boolean {
  const wall = warsawWallClock(instant);
  const minutes = wall.hour * 60 + wall.minute;
  return minutes >= minutesOf(QUIET_HOURS.start) || minutes < minutesOf(QUIET_HOURS.end);
}

/** `21:00` → `21:00`, `08:00` → `8:00`: hours as Poles write them. */
export const hourLabel = (hhmm: string) => hhmm.replace(/^0/, '');
