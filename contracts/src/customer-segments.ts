import { z } from 'zod';

/**
 * Customer segments, one definition for analytics and (later) for company → customer messages
 * (docs/adr/0023-analytics-projections.md). Pure functions over a customer's visit days (`YYYY-MM-DD`, Warsaw,
 * distinct, ascending, none after `asOf`):
 *
 * - a customer is in exactly one of `new`, `returning`, `at_risk`, `lapsed` once they have visited
 *   (checked in this order: lapsed, at risk, new, returning), and may also be `vip`:
 * - `lapsed`: no visit for LAPSED_AFTER_DAYS (90) days or more;
 * - `at_risk`: not lapsed, and the days since the last visit exceed twice their usual interval — the median
 *   of the days between their visits, or with a single visit the company's median (`fallbackIntervalDays`),
 *   or DEFAULT_INTERVAL_DAYS (30) when the company has no repeat visits yet;
 * - `new`: one visit day so far (and neither of the above);
 * - `returning`: two visit days or more (and neither of the above);
 * - `vip`: the top 10 % of customers with visits by their number of visit days (ceil(10 % of them) customers;
 *   anyone tied with the last of them is in too).
 */
export const CustomerSegment = z.enum(['new', 'returning', 'at_risk', 'lapsed', 'vip']);
export type CustomerSegment = z.infer<typeof CustomerSegment>;
export type LifecycleSegment = Exclude<CustomerSegment, 'vip'>;

export const customerSegmentLabels: Record<CustomerSegment, string> = {
  new: 'Nowi',
  returning: 'Powracający',
  at_risk: 'Zagrożeni odejściem',
  lapsed: 'Utraceni (90 dni)',
  vip: 'VIP (10% najczęstszych)',
};

export const LAPSED_AFTER_DAYS = 90;
export const DEFAULT_INTERVAL_DAYS = 30;
export const VIP_SHARE = 0.1;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, by arithmetic (Date.parse is ~100× slower; analytics calls this per visit). */
const dayNumbers = new Map<string, number>();
export function dayNumber(date: string): number {
  let known = dayNumbers.get(date);
  if (known === undefined) {
    if (dayNumbers.size > 50_000) dayNumbers.clear();
    dayNumbers.set(date, (known = civilDayNumber(date)));
  }
  return known;
}

function civilDayNumber(date: string): number {
  const y0 = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  // days from civil (H. Hinnant): March-based years so the leap day ends the year
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Whole days from `from` to `to` (calendar dates). */
export function daysFrom(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The median of a list of numbers (mean of the two middle ones for an even count), null for none. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort(); // a typed array sorts numerically, and fast
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The days between consecutive visits. */
export function visitGaps(days: readonly string[]): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < days.length; i++) gaps.push(daysFrom(days[i - 1]!, days[i]!));
  return gaps;
}

/** A customer's usual interval: the median of their gaps, else the fallback, else 30 days. */
export function usualIntervalDays(days: readonly string[], fallbackIntervalDays: number | null): number {
  return median(visitGaps(days)) ?? fallbackIntervalDays ?? DEFAULT_INTERVAL_DAYS;
}

/** The lifecycle segment on `asOf`, or null for a customer without a visit. */
export function lifecycleSegment(
  days: readonly string[],
  asOf: string,
  fallbackIntervalDays: number | null,
): LifecycleSegment | null {
  const last = days.at(-1);
  if (!last) return null;
  const since = daysFrom(last, asOf);
  if (since >= LAPSED_AFTER_DAYS) return 'lapsed';
  if (since > 2 * usualIntervalDays(days, fallbackIntervalDays)) return 'at_risk';
  return days.length === 1 ? 'new' : 'returning';
}

/** The fewest visit days a VIP has among these counts (customers without a visit left out), else null. */
export function vipThreshold(visitCounts: readonly number[]): number | null {
  const counts = visitCounts.filter((n) => n > 0).sort((a, b) => b - a);
  if (!counts.length) return null;
  return counts[Math.ceil(counts.length * VIP_SHARE) - 1]!;
}

/** The company's usual interval: the median of every gap between visits of all its customers. */
export function companyIntervalDays(customers: Iterable<readonly string[]>): number | null {
  const gaps: number[] = [];
  for (const days of customers) gaps.push(...visitGaps(days));
  return median(gaps);
}

/** Every customer's segments on `asOf` (visit days after `asOf` are ignored). */
export function segmentCustomers<K>(
  customers: ReadonlyMap<K, readonly string[]>,
  asOf: string,
): Map<K, { lifecycle: LifecycleSegment | null; vip: boolean }> {
  const upTo = new Map<K, readonly string[]>();
  for (const [key, days] of customers) {
    const last = days.at(-1);
    upTo.set(key, last !== undefined && last > asOf ? days.filter((d) => d <= asOf) : days);
  }
  const fallback = companyIntervalDays(upTo.values());
  const threshold = vipThreshold([...upTo.values()].map((d) => d.length));
  const result = new Map<K, { lifecycle: LifecycleSegment | null; vip: boolean }>();
  for (const [key, days] of upTo)
    result.set(key, {
      lifecycle: lifecycleSegment(days, asOf, fallback),
      vip: threshold !== null && days.length > 0 && days.length >= threshold,
    });
  return result;
}

/** Whether the segments of a customer include `segment`. */
export function inSegment(
  segments: { lifecycle: LifecycleSegment | null; vip: boolean },
  segment: CustomerSegment,
): boolean {
  return segment === 'vip' ? segments.vip : segments.lifecycle === segment;
}
