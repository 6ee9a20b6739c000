import type { Birthday, BirthdayRewardSetting } from '@punkto/contracts/birthdays';
import { addDays } from '@punkto/contracts/warsaw-time';

/**
 * When a birthday reward can be used (ADR 0058). Pure; dates are Europe/Warsaw calendar dates `2026-03-29`, so a
 * day is a day whatever the clock change does to its length.
 */

export interface BirthdayWindow {
  /** the year of the birthday the window surrounds (its "birthday year") */
  year: number;
  validFrom: string;
  validUntil: string;
}

/**
 * A card gets no second birthday reward whose window starts within this many days of the previous one's start:
 * one birthday a year, even when the customer changes the date (the same date a year on is 365 or 366 days
 * later; 28 February after 29 February, 365).
 */
export const MIN_DAYS_BETWEEN_BIRTHDAY_REWARDS = 300;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The birthday's date in a year; 29 February is 28 February in a year without it. */
export function birthdayIn(year: number, birthday: Birthday): string {
  const day = birthday.month === 2 && birthday.day === 29 && !isLeap(year) ? 28 : birthday.day;
  return `${pad(year, 4)}-${pad(birthday.month)}-${pad(day)}`;
}

/** The window around the birthday of `year`. */
export function windowOf(year: number, birthday: Birthday, setting: BirthdayRewardSetting): BirthdayWindow {
  const date = birthdayIn(year, birthday);
  return {
    year,
    validFrom: addDays(date, -setting.daysBefore),
    validUntil: addDays(date, setting.daysAfter),
  };
}

/**
 * The window that contains `today`, or null. A window may cross the new year (a 31 December birthday's days
 * after it, a 1 January birthday's days before it): the birthdays of last year, this year and next year are
 * tried. Windows are at most 61 days long, so at most one contains a day.
 */
export function windowContaining(
  today: string,
  birthday: Birthday,
  setting: BirthdayRewardSetting,
): BirthdayWindow | null {
  const year = Number(today.slice(0, 4));
  for (const y of [year - 1, year, year + 1]) {
    const window = windowOf(y, birthday, setting);
    if (window.validFrom <= today && today <= window.validUntil) return window;
  }
  return null;
}

/** May a card whose last birthday reward was `last` get one for `next`? Once per birthday year, 300 days apart. */
export function mayGrantAfter(last: BirthdayWindow | null | undefined, next: BirthdayWindow): boolean {
  if (!last) return true;
  return next.year > last.year && next.validFrom > addDays(last.validFrom, MIN_DAYS_BETWEEN_BIRTHDAY_REWARDS);
}
