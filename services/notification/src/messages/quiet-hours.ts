import { QUIET_HOURS } from '@punkto/contracts/messages';

/**
 * Quiet hours (issue 21): no lock-screen notices from 21:00 to 08:00 Warsaw time. Pure; the zone's rules come
 * from the runtime's ICU data through Intl. The quiet hours end at 08:00, a time no daylight-saving change
 * touches (those happen at 02:00/03:00), so "08:00 local" is always one instant.
 */
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: QUIET_HOURS.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const START = minutesOf(QUIET_HOURS.start);
const END = minutesOf(QUIET_HOURS.end);

function warsaw(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    minutes: Number(p.hour) * 60 + Number(p.minute),
  };
}

/** Whether a lock-screen notice at `at` would fall within the quiet hours. */
export function inQuietHours(at: Date): boolean {
  const { minutes } = warsaw(at);
  return minutes >= START || minutes < END;
}

/** The end of the quiet hours `at` falls in (08:00 Warsaw of that night's morning); `at` itself outside them. */
export function afterQuietHours(at: Date): Date {
  if (!inQuietHours(at)) return at;
  const local = warsaw(at);
  // the morning after: the next calendar day when it is still evening
  const dayOffset = local.minutes >= START ? 1 : 0;
  const guess = Date.UTC(local.year, local.month - 1, local.day + dayOffset, END / 60, END % 60);
  // the zone's offset at that morning: the local hour the UTC guess shows minus the wanted hour
  const shown = warsaw(new Date(guess));
  const offsetMinutes = shown.minutes - END + (shown.day !== new Date(guess).getUTCDate() ? 24 * 60 : 0);
  return new Date(guess - offsetMinutes * 60_000);
}
