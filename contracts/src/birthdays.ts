import { z } from 'zod';
import { singleLineText } from './text';

/**
 * The birthday reward (issue 34, ADR 0058). A customer may give the day and month of their birthday (never the
 * year; never needed to join); a program may give a reward for it, usable from `daysBefore` days before to
 * `daysAfter` days after the birthday (Europe/Warsaw calendar days), once per card per birthday year. 29 February
 * is a valid birthday: in a year without it the birthday is 28 February.
 */

/** days in each month of a leap year (29 February is a valid birthday) */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
/** the most days a birthday's month has (29 for February), undefined for no month */
export const daysInMonth = (month: number): number | undefined => DAYS_IN_MONTH[month - 1];

export const Birthday = z
  .object({
    day: z
      .number('Podaj dzień urodzin (1–31).')
      .int('Podaj dzień urodzin (1–31).')
      .min(1, 'Podaj dzień urodzin (1–31).')
      .max(31, 'Podaj dzień urodzin (1–31).'),
    month: z
      .number('Podaj miesiąc urodzin (1–12).')
      .int('Podaj miesiąc urodzin (1–12).')
      .min(1, 'Podaj miesiąc urodzin (1–12).')
      .max(12, 'Podaj miesiąc urodzin (1–12).'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const days = DAYS_IN_MONTH[b.month - 1];
    if (days !== undefined && b.day > days)
      ctx.addIssue({
        code: 'custom',
        path: ['day'],
        message: `Ten miesiąc ma najwyżej ${days} dni.`,
      });
  })
  .meta({ id: 'Birthday' });
export type Birthday = z.infer<typeof Birthday>;

/**
 * A birthday as an event carries it (an imported client's, ADR 0059): „MM-DD”. A string, so the event store seals
 * it with the person's key like the name and e-mail (ADR 0006; it seals top-level strings only).
 */
export const birthdayText = ({ day, month }: Birthday) =>
  `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** „MM-DD” back to a birthday; anything else (absent, shredded, malformed) is none */
export function birthdayOfText(text: string | null | undefined): Birthday | null {
  const match = /^(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const parsed = Birthday.safeParse({ day: Number(match[2]), month: Number(match[1]) });
  return parsed.success ? parsed.data : null;
}

/** GET /customers/me/birthday: the birthday the customer gave, or null. */
export const MyBirthday = z.object({ birthday: Birthday.nullable() }).meta({ id: 'MyBirthday' });
export type MyBirthday = z.infer<typeof MyBirthday>;

/** the longest a birthday reward can be usable before or after the birthday */
export const BIRTHDAY_WINDOW_MAX_DAYS = 30;

const WindowDays = (what: string) =>
  z
    .number(`Podaj liczbę dni ${what} urodzin.`)
    .int(`Podaj liczbę dni ${what} urodzin.`)
    .min(0, 'Liczba dni nie może być ujemna.')
    .max(BIRTHDAY_WINDOW_MAX_DAYS, `Najwyżej ${BIRTHDAY_WINDOW_MAX_DAYS} dni.`);

/** A program's birthday reward: what the customer gets and how many days around the birthday it can be used. */
export const BirthdayRewardSetting = z
  .object({
    name: singleLineText()
      .min(2, 'Nazwa nagrody urodzinowej musi mieć co najmniej 2 znaki.')
      .max(80, 'Nazwa nagrody urodzinowej może mieć najwyżej 80 znaków.'),
    daysBefore: WindowDays('przed'),
    daysAfter: WindowDays('po'),
  })
  .meta({ id: 'BirthdayRewardSetting' });
export type BirthdayRewardSetting = z.infer<typeof BirthdayRewardSetting>;

/** The card's birthday reward as the customer and staff see it (validFrom/validUntil: Warsaw dates, inclusive). */
export const CardBirthdayReward = z
  .object({
    year: z.number().int(),
    name: z.string(),
    validFrom: z.iso.date(),
    validUntil: z.iso.date(),
    redeemedAt: z.iso.datetime({ offset: true }).nullable(),
    /** staff can give it out now: today (Warsaw) is within the window, not given out yet, the card active */
    redeemable: z.boolean(),
  })
  .meta({ id: 'CardBirthdayReward' });
export type CardBirthdayReward = z.infer<typeof CardBirthdayReward>;

export const BirthdayErrors = {
  none: {
    code: 'CARD.BIRTHDAY_REWARD_NONE',
    status: 400,
    message: 'Ta karta nie ma nagrody urodzinowej do wydania.',
  },
  alreadyRedeemed: {
    code: 'CARD.BIRTHDAY_REWARD_REDEEMED',
    status: 400,
    message: 'Nagroda urodzinowa z tego roku została już wydana.',
  },
  outsideWindow: {
    code: 'CARD.BIRTHDAY_REWARD_OUTSIDE_WINDOW',
    status: 400,
    message: 'Nagrodę urodzinową można wydać tylko w jej terminie.',
  },
} as const;
