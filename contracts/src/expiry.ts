import { z } from 'zod';

/**
 * Points and stamps expiry (issue 34, ADR 0062), per loyalty program, off by default:
 * - `inactivity`: the whole balance expires `months` calendar months after the card's last visit (an award);
 * - `after_earning`: each earning is a lot that expires `months` calendar months after its Warsaw date; spending
 *   uses the oldest lots first (FIFO).
 * Expiry happens in the nightly sweep on the due date (the points are still there the day before).
 */
export const EXPIRY_MONTHS_MIN = 1;
export const EXPIRY_MONTHS_MAX = 36;
export const EXPIRY_MONTHS_DEFAULT = 12;
/** how many days before an expiry the card records a warning (ExpiryWarningDue), each once per expiry date */
export const EXPIRY_WARNING_DAYS = [30, 3] as const;

export const ExpiryMode = z.enum(['off', 'inactivity', 'after_earning'], 'Wybierz sposób wygasania.');
export type ExpiryMode = z.infer<typeof ExpiryMode>;

export const ExpirySettings = z
  .object({
    mode: ExpiryMode,
    months: z
      .number('Podaj liczbę miesięcy.')
      .int('Podaj liczbę całkowitą.')
      .min(EXPIRY_MONTHS_MIN, `Okres musi wynosić co najmniej ${EXPIRY_MONTHS_MIN} miesiąc.`)
      .max(EXPIRY_MONTHS_MAX, `Okres może wynosić najwyżej ${EXPIRY_MONTHS_MAX} miesięcy.`),
  })
  .meta({ id: 'ExpirySettings' });
export type ExpirySettings = z.infer<typeof ExpirySettings>;

export const DEFAULT_EXPIRY_SETTINGS: ExpirySettings = { mode: 'off', months: EXPIRY_MONTHS_DEFAULT };

/** What expires next on a card and when (a Warsaw date; the points are gone from that day's early morning). */
export const ExpiryNotice = z
  .object({ amount: z.number().int().min(1), on: z.iso.date() })
  .meta({ id: 'ExpiryNotice' });
export type ExpiryNotice = z.infer<typeof ExpiryNotice>;
