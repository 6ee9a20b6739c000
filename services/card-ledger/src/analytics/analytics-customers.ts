import type { AnalyticsGranularity, AnalyticsResponse } from '@punkto/contracts/analytics';
import {
  CustomerSegment,
  daysFrom,
  inSegment,
  median,
  segmentCustomers,
} from '@punkto/contracts/customer-segments';
import { bucketOf, bucketsOf, monthIndex, monthOf, percent } from './analytics-scales';
import type { CardVisits } from './card-visits';

/** A customer is a person (userId): their cards, and their visit days (distinct, in order) up to the last day. */
export type Customer = { days: string[]; cards: CardVisits[] };

/** The period asked for: its first and last day and how its series are bucketed. */
export type Period = { startDate: string; endDate: string; granularity: AnalyticsGranularity };

const inPeriod = (period: Period, day: string) => day >= period.startDate && day <= period.endDate;

/** Distinct days in order; a card's entries are already in order (stream order), so sorting is rarely needed. */
function distinctSorted(days: string[]): string[] {
  let sorted = true;
  for (let i = 1; i < days.length && sorted; i++) if (days[i]! < days[i - 1]!) sorted = false;
  if (!sorted) days.sort();
  const out: string[] = [];
  for (const day of days) if (out[out.length - 1] !== day) out.push(day);
  return out;
}

/** The customers of the chosen program (all programs when null) by userId, with their visit days up to `endDate`. */
export function customersOf(
  cards: readonly CardVisits[],
  programId: string | null,
  endDate: string,
): Map<string, Customer> {
  const customers = new Map<string, Customer>();
  for (const card of cards) {
    if (programId && card.programId !== programId) continue;
    let customer = customers.get(card.userId);
    if (!customer) customers.set(card.userId, (customer = { days: [], cards: [] }));
    customer.cards.push(card);
    const { days, kinds } = card;
    for (let i = 0; i < days.length; i++)
      if (kinds[i] !== 'x' && days[i]! <= endDate) customer.days.push(days[i]!);
  }
  for (const customer of customers.values()) customer.days = distinctSorted(customer.days);
  return customers;
}

/**
 * Every customer's segments as of `endDate`: how many are in each, how many have a card but no visit yet, and
 * the customers of the chosen segment (all when null) — those the other figures are about.
 */
export function segmentsOf(
  customers: ReadonlyMap<string, Customer>,
  endDate: string,
  segment: CustomerSegment | null,
) {
  const segmentsByCustomer = segmentCustomers(
    new Map([...customers].map(([id, c]) => [id, c.days] as const)),
    endDate,
  );
  const counts = new Map<CustomerSegment, number>(CustomerSegment.options.map((s) => [s, 0]));
  let customersWithoutVisit = 0;
  for (const [id, s] of segmentsByCustomer) {
    if (s.lifecycle) counts.set(s.lifecycle, counts.get(s.lifecycle)! + 1);
    else if (customers.get(id)!.cards.some((c) => c.issuedOn <= endDate)) customersWithoutVisit++;
    if (s.vip) counts.set('vip', counts.get('vip')! + 1);
  }
  return {
    segments: CustomerSegment.options.map((s) => ({ segment: s, customers: counts.get(s)! })),
    customersWithoutVisit,
    chosen: [...customers]
      .filter(([id]) => !segment || inSegment(segmentsByCustomer.get(id)!, segment))
      .map(([, customer]) => customer),
  };
}

const HISTOGRAM_LABELS = ['1', '2', '3', '4', '5–9', '10+'] as const;
const histogramIndex = (visits: number) => (visits >= 10 ? 5 : visits >= 5 ? 4 : visits - 1);

/** Who visited in the period, how often, and the visits by bucket; cards issued in the period. */
export function visitsOf(
  chosen: readonly Customer[],
  period: Period,
): Pick<AnalyticsResponse, 'customers' | 'visits' | 'frequency'> {
  const buckets = bucketsOf(period.startDate, period.endDate, period.granularity);
  const series = new Map(buckets.map((b) => [b, { visits: 0, customers: 0, newCustomers: 0 }]));
  const histogram = HISTOGRAM_LABELS.map(() => 0);
  const gaps: number[] = [];
  let active = 0;
  let fresh = 0;
  let returning = 0;
  let total = 0;
  let cardsIssued = 0;
  for (const { days, cards } of chosen) {
    for (const card of cards) if (inPeriod(period, card.issuedOn)) cardsIssued++;
    let visitsInPeriod = 0;
    let cameBack = false;
    const bucketsSeen = new Set<string>();
    for (let i = 0; i < days.length; i++) {
      const day = days[i]!;
      if (!inPeriod(period, day)) continue;
      visitsInPeriod++;
      if (i > 0) {
        cameBack = true;
        gaps.push(daysFrom(days[i - 1]!, day));
      }
      const key = bucketOf(day, period.granularity);
      const bucket = series.get(key)!;
      bucket.visits++;
      if (!bucketsSeen.has(key)) {
        bucketsSeen.add(key);
        bucket.customers++;
      }
      if (i === 0) bucket.newCustomers++;
    }
    if (!visitsInPeriod) continue;
    active++;
    total += visitsInPeriod;
    histogram[histogramIndex(visitsInPeriod)]!++;
    if (inPeriod(period, days[0]!)) fresh++;
    if (cameBack) returning++;
  }
  return {
    customers: { active, new: fresh, returning, returningRate: percent(returning, active), cardsIssued },
    visits: { total, series: buckets.map((key) => ({ period: key, ...series.get(key)! })) },
    frequency: {
      histogram: HISTOGRAM_LABELS.map((label, i) => ({ label, customers: histogram[i]! })),
      medianDaysBetweenVisits: median(gaps),
    },
  };
}

/**
 * Cohorts of the months of the period by the month of their first visit, and the share that came back in each
 * later month (up to 12, up to the last day).
 */
export function cohortsOf(chosen: readonly Customer[], period: Period): AnalyticsResponse['cohorts'] {
  const firstMonth = monthIndex(period.startDate);
  const lastMonth = monthIndex(period.endDate);
  const cohorts = new Map<number, { customers: number; back: number[] }>();
  for (const { days } of chosen) {
    if (!days.length) continue;
    const cohortMonth = monthIndex(days[0]!);
    if (cohortMonth < firstMonth || cohortMonth > lastMonth) continue;
    let cohort = cohorts.get(cohortMonth);
    if (!cohort) {
      const back = Array.from({ length: Math.min(12, lastMonth - cohortMonth) }, () => 0);
      cohorts.set(cohortMonth, (cohort = { customers: 0, back }));
    }
    cohort.customers++;
    const months = new Set(days.map((d) => monthIndex(d) - cohortMonth));
    for (let offset = 1; offset <= cohort.back.length; offset++)
      if (months.has(offset)) cohort.back[offset - 1]!++;
  }
  return [...cohorts]
    .sort(([a], [b]) => a - b)
    .map(([month, c]) => ({
      month: monthOf(month),
      customers: c.customers,
      retention: c.back.map((n, i) => ({ offset: i + 1, customers: n, percent: percent(n, c.customers) })),
    }));
}

/** Points and stamps awarded and redeemed in the period (voided entries not), and the 20 most redeemed rewards. */
export function rewardsOf(chosen: readonly Customer[], period: Period): AnalyticsResponse['rewards'] {
  const popular = new Map<string, { name: string; redemptions: number }>();
  let pointsIssued = 0;
  let pointsRedeemed = 0;
  let stampsIssued = 0;
  let stampsRedeemed = 0;
  for (const customer of chosen)
    for (const card of customer.cards) {
      const { days, kinds, pts, sts, redeemed } = card;
      for (let i = 0; i < days.length; i++) {
        const kind = kinds[i];
        if (kind === 'x' || !inPeriod(period, days[i]!)) continue;
        if (kind === 'a') {
          pointsIssued += pts[i]!;
          stampsIssued += sts[i]!;
          continue;
        }
        pointsRedeemed += pts[i]!;
        stampsRedeemed += sts[i]!;
        const rewardId = redeemed[i]!;
        let reward = popular.get(rewardId);
        if (!reward)
          popular.set(rewardId, (reward = { name: card.rewardNames[rewardId] ?? '', redemptions: 0 }));
        reward.redemptions++;
      }
    }
  return {
    popular: [...popular]
      .map(([rewardId, r]) => ({ rewardId, ...r }))
      .sort((a, b) => b.redemptions - a.redemptions || a.name.localeCompare(b.name, 'pl'))
      .slice(0, 20),
    pointsIssued,
    pointsRedeemed,
    stampsIssued,
    stampsRedeemed,
    redemptionRate: percent(pointsRedeemed, pointsIssued),
  };
}
