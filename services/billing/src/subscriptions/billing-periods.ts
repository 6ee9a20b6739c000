import type { PlanId } from '@punkto/contracts/billing';
import { customerLimitOf, priceOf } from '../plans/plans';

/** Pure period arithmetic and the proration rule of ADR 0025. */

const DAY_MS = 86_400_000;
export const TRIAL_MS = (days: number) => days * DAY_MS;
/** dunning: the card is charged again 1, 3 and 7 days after the period's end; then the subscription lapses */
export const DUNNING_RETRY_DAYS = [1, 3, 7] as const;

/** one month or one year later, on the same day of the month (31 Jan + 1 month = 28/29 Feb) */
export function addPeriod(fromIso: string, isForYear: boolean): string {
  const from = new Date(fromIso);
  const to = new Date(from);
  if (isForYear) to.setUTCFullYear(from.getUTCFullYear() + 1);
  else to.setUTCMonth(from.getUTCMonth() + 1);
  if (to.getUTCDate() !== from.getUTCDate()) to.setUTCDate(0); // overflowed into the next month
  return to.toISOString();
}

export const addDays = (fromIso: string, days: number) =>
  new Date(new Date(fromIso).getTime() + days * DAY_MS).toISOString();

export const isUpgrade = (from: PlanId, to: PlanId) => customerLimitOf(to) > customerLimitOf(from);

/**
 * What an immediate upgrade costs now: the new plan's price for its whole cycle (the new period starts
 * now) minus the unused part of what was paid for the current period, pro rata by time, rounded down to the
 * grosz in the owner's favour; never below 0.
 */
export function upgradeAmount(
  current: { planId: PlanId; isForYear: boolean; periodStart: string; periodEnd: string },
  target: { planId: PlanId; isForYear: boolean },
  now: Date,
): number {
  const start = Date.parse(current.periodStart);
  const end = Date.parse(current.periodEnd);
  const length = Math.max(1, end - start);
  const remaining = Math.min(length, Math.max(0, end - now.getTime()));
  const credit = Math.floor((priceOf(current.planId, current.isForYear).grossGrosze * remaining) / length);
  return Math.max(0, priceOf(target.planId, target.isForYear).grossGrosze - credit);
}

/** whole days left until `endIso`, rounded up (13.2 days left shows 14); 0 when past */
export const daysLeft = (endIso: string, now: Date) =>
  Math.max(0, Math.ceil((Date.parse(endIso) - now.getTime()) / DAY_MS));
