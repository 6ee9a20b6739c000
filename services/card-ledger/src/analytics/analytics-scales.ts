import { addDays, daysBetweenInclusive, type AnalyticsGranularity } from '@punkto/contracts/analytics';

/** The scales every figure of the analytics page is read on: its periods (days, ISO weeks, months) and shares in %. */
export function granularityOf(startDate: string, endDate: string): AnalyticsGranularity {
  const days = daysBetweenInclusive(startDate, endDate);
  return days <= 31 ? 'day' : days <= 184 ? 'week' : 'month';
}

/** Monday of the ISO week of a date. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export function bucketOf(date: string, granularity: AnalyticsGranularity): string {
  return granularity === 'day' ? date : granularity === 'week' ? mondayOf(date) : date.slice(0, 7);
}

/** Every bucket from the first day to the last, in order. */
export function bucketsOf(startDate: string, endDate: string, granularity: AnalyticsGranularity): string[] {
  const out: string[] = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) {
    const key = bucketOf(d, granularity);
    if (out.at(-1) !== key) out.push(key);
  }
  return out;
}

/** A month as a number that counts months (year × 12 + month − 1), and back. */
export const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
export const monthOf = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** a share in % with at most 2 decimals; null when dividing by 0 */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}
