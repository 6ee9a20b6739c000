/**
 * How much one award may give and how much one card may hold (issue 36: three awards of 100 000 zł at 100 pt/zł on
 * a level with a ×10 multiplier gave 300 000 000 points). Declared once: the request schemas, the catalogue, the
 * card ledger's decider and ADR 0008 all read these.
 */

import { formatPolish } from './polish-number';

/** the most points one award gives, after the level's multiplier (a larger one is a typing mistake) */
export const MAX_POINTS_PER_AWARD = 100_000;
/** the most stamps one award adds */
export const MAX_STAMPS_PER_AWARD = 20;
/**
 * more stamps than this at once asks staff to confirm before the award is sent (issue 33: 15 typed instead of 1
 * gave 15 stamps); a visit is usually one stamp
 */
export const STAMPS_CONFIRM_ABOVE = 3;
/** the most points a card holds */
export const MAX_POINTS_BALANCE = 10_000_000;
/** the most stamps a card holds (a stamp card asks for at most 50 per reward) */
export const MAX_STAMPS_BALANCE = 10_000;

/** Polish numbers, thousands grouped from four digits („10 000”) */
const pl = { format: (n: number) => formatPolish(n) };

export const MAX_STAMPS_PER_AWARD_MESSAGE = `Jednorazowo można dodać najwyżej ${pl.format(MAX_STAMPS_PER_AWARD)} pieczątek.`;
/** a service's fixed points are one award's: the catalogue refuses more with this */
export const MAX_FIXED_POINTS_MESSAGE = `Stała liczba punktów może wynosić najwyżej ${pl.format(MAX_POINTS_PER_AWARD)}.`;

/** Stable codes and Polish messages of a refused award: each names the limit. */
export const CardLimitErrors = {
  awardTooLarge: (unit: 'points' | 'stamps', wouldGive: number) => ({
    code: 'CARD.AWARD_TOO_LARGE',
    message:
      unit === 'points'
        ? `Jednorazowo można przyznać najwyżej ${pl.format(MAX_POINTS_PER_AWARD)} pkt, a to przyznanie dałoby ${pl.format(wouldGive)} pkt. Sprawdź kwotę.`
        : MAX_STAMPS_PER_AWARD_MESSAGE,
  }),
  balanceLimit: (unit: 'points' | 'stamps', balance: number, wouldGive: number) => ({
    code: 'CARD.BALANCE_LIMIT',
    message:
      unit === 'points'
        ? `Na karcie może być najwyżej ${pl.format(MAX_POINTS_BALANCE)} pkt: jest ${pl.format(balance)} pkt, a to przyznanie dodałoby ${pl.format(wouldGive)} pkt.`
        : `Na karcie może być najwyżej ${pl.format(MAX_STAMPS_BALANCE)} pieczątek: jest ${pl.format(balance)}, a to przyznanie dodałoby ${pl.format(wouldGive)}.`,
  }),
} as const;

/** Why an award of `wouldGive` on a balance of `balance` is refused, or null when it may be booked. Pure. */
export function awardLimitBreach(
  unit: 'points' | 'stamps',
  wouldGive: number,
  balance: number,
): { code: string; message: string } | null {
  const [perAward, perCard] =
    unit === 'points'
      ? [MAX_POINTS_PER_AWARD, MAX_POINTS_BALANCE]
      : [MAX_STAMPS_PER_AWARD, MAX_STAMPS_BALANCE];
  if (wouldGive > perAward) return CardLimitErrors.awardTooLarge(unit, wouldGive);
  if (balance + wouldGive > perCard) return CardLimitErrors.balanceLimit(unit, balance, wouldGive);
  return null;
}
