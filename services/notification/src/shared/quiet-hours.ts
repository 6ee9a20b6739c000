import { QUIET_HOURS } from '@punkto/contracts/messages';
import { addDays, warsawAt, warsawLocal } from '@punkto/contracts/warsaw-time';

/**
 * Quiet hours (issue 21): no lock-screen notices from 21:00 to 08:00 Warsaw time. Pure; on THE Warsaw calendar
 * (contracts/warsaw-time.ts). The quiet hours end at 08:00, a time no daylight-saving change
 * touches (those happen at 02:00/03:00), so "08:00 local" is always one instant.
 */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const START = minutesOf(QUIET_HOURS.start);
const END = minutesOf(QUIET_HOURS.end);

/** Whether a lock-screen notice at `at` would fall within the quiet hours. */
export function inQuietHours(at: Date): boolean {
  const minutes = minutesOf(warsawLocal(at).time);
  return minutes >= START || minutes < END;
}

/** The end of the quiet hours `at` falls in (08:00 Warsaw of that night's morning); `at` itself outside them. */
export function afterQuietHours(at: Date): Date {
  if (!inQuietHours(at)) return at;
  const local = warsawLocal(at);
  // the morning after: the next calendar day when it is still evening
  const morning = minutesOf(local.time) >= START ? addDays(local.date, 1) : local.date;
  return warsawAt(morning, QUIET_HOURS.end);
}
