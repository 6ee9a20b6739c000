import {
  addDays,
  daysBetweenInclusive,
  NPS_MIN_RESPONSES,
  type AnalyticsGranularity,
  type AnalyticsPreset,
  type AnalyticsResponse,
} from '@punkto/contracts/analytics';
import {
  CustomerSegment,
  daysFrom,
  inSegment,
  median,
  segmentCustomers,
} from '@punkto/contracts/customer-segments';
import type { CardVisits } from './card-visits';

/**
 * Every figure of the analytics page from the cards' summaries and the NPS answers (pure; definitions in
 * docs/adr/0023-analytics-projections.md). A customer is a person (userId): their cards in several programs
 * count once, unless a program is chosen. A visit is a day (Warsaw) with at least one award or redemption
 * that was not voided; an award and a redemption on one day are one visit.
 */
export type NpsAnswer = { programId: string | null; score: number; visitWeek: string };
export type ProgramInfo = {
  programId: string;
  name: string;
  kind: 'points' | 'stamps' | 'tiers';
  /** the cheapest ACTIVE reward's cost, null without one */
  cheapestRewardCost: number | null;
  /** the active reward with the lowest value per point/stamp (`valuationRewardOf`), null = not valued */
  valuation: RewardValuation | null;
};

/** A reward that states what it costs the business: `valueGrosze` for `cost` points or stamps. */
export type RewardValuation = { rewardId: string; name: string; cost: number; valueGrosze: number };

/**
 * The reward that values a program's points or stamps (ADR 0023, amendment): among its ACTIVE rewards that state
 * a value, the one with the lowest value per unit (`valueGrosze ÷ cost`) — the cheapest way the business can
 * honour a balance, so the liability is never overstated. Ratios are compared by cross-multiplication (exact);
 * on a tie the cheaper reward in units, then the name. Null when no active reward has a value.
 */
export function valuationRewardOf(
  rewards: ReadonlyArray<{
    id: string;
    name: string;
    cost: number;
    active: boolean;
    valueGrosze?: number | undefined;
  }>,
): RewardValuation | null {
  let best: RewardValuation | null = null;
  for (const r of rewards) {
    if (!r.active || r.valueGrosze === undefined || r.cost < 1) continue;
    const candidate = { rewardId: r.id, name: r.name, cost: r.cost, valueGrosze: r.valueGrosze };
    if (!best) {
      best = candidate;
      continue;
    }
    const diff = candidate.valueGrosze * best.cost - best.valueGrosze * candidate.cost;
    if (
      diff < 0 ||
      (diff === 0 &&
        (candidate.cost < best.cost ||
          (candidate.cost === best.cost && candidate.name.localeCompare(best.name, 'pl') < 0)))
    )
      best = candidate;
  }
  return best;
}

/**
 * The value in grosze of `units` outstanding points or stamps at the valuation's rate:
 * units × valueGrosze ÷ cost, rounded half up to the grosz (in BigInt: units × value can pass 2^53).
 */
export function liabilityGrosze(units: number, valuation: RewardValuation): number {
  const numerator = 2n * BigInt(units) * BigInt(valuation.valueGrosze) + BigInt(valuation.cost);
  return Number(numerator / (2n * BigInt(valuation.cost)));
}

export interface AnalyticsInput {
  tenantId: string;
  preset: AnalyticsPreset;
  startDate: string;
  endDate: string;
  segment: CustomerSegment | null;
  programId: string | null;
  cards: readonly CardVisits[];
  answers: readonly NpsAnswer[];
  programs: readonly ProgramInfo[];
}

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

/** a share in % with at most 2 decimals; null when dividing by 0 */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;
}

/** NPS of answers on the 1–10 scale: promoters 9–10, detractors 1–6; null below NPS_MIN_RESPONSES. */
export function npsOf(scores: readonly number[]) {
  const responses = scores.length;
  if (responses < NPS_MIN_RESPONSES) return { responses, score: null, promoters: null, detractors: null };
  const promoters = scores.filter((s) => s >= 9).length;
  const detractors = scores.filter((s) => s <= 6).length;
  return {
    responses,
    score: Math.round(((promoters - detractors) / responses) * 10_000) / 100,
    promoters: percent(promoters, responses),
    detractors: percent(detractors, responses),
  };
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

export const HISTOGRAM_LABELS = ['1', '2', '3', '4', '5–9', '10+'] as const;
const histogramIndex = (visits: number) => (visits >= 10 ? 5 : visits >= 5 ? 4 : visits - 1);

type Customer = { days: string[]; cards: CardVisits[] };

/** Distinct days in order; a card's entries are already in order (stream order), so sorting is rarely needed. */
function distinctSorted(days: string[]): string[] {
  let sorted = true;
  for (let i = 1; i < days.length && sorted; i++) if (days[i]! < days[i - 1]!) sorted = false;
  if (!sorted) days.sort();
  const out: string[] = [];
  for (const day of days) if (out[out.length - 1] !== day) out.push(day);
  return out;
}

export function computeAnalytics(input: AnalyticsInput): AnalyticsResponse {
  const { startDate, endDate, segment, programId } = input;
  const granularity = granularityOf(startDate, endDate);
  const inRange = (d: string) => d >= startDate && d <= endDate;

  // customers (people) of the chosen program, with their visit days up to the last day
  const customers = new Map<string, Customer>();
  for (const card of input.cards) {
    if (programId && card.programId !== programId) continue;
    let customer = customers.get(card.userId);
    if (!customer) customers.set(card.userId, (customer = { days: [], cards: [] }));
    customer.cards.push(card);
    const { days, kinds } = card;
    for (let i = 0; i < days.length; i++)
      if (kinds[i] !== 'x' && days[i]! <= endDate) customer.days.push(days[i]!);
  }
  for (const customer of customers.values()) customer.days = distinctSorted(customer.days);

  const segmentsByCustomer = segmentCustomers(
    new Map([...customers].map(([id, c]) => [id, c.days] as const)),
    endDate,
  );
  const segmentCounts = new Map<CustomerSegment, number>(CustomerSegment.options.map((s) => [s, 0]));
  let customersWithoutVisit = 0;
  for (const [id, s] of segmentsByCustomer) {
    if (s.lifecycle) segmentCounts.set(s.lifecycle, segmentCounts.get(s.lifecycle)! + 1);
    else if (customers.get(id)!.cards.some((c) => c.issuedOn <= endDate)) customersWithoutVisit++;
    if (s.vip) segmentCounts.set('vip', segmentCounts.get('vip')! + 1);
  }
  const chosen = [...customers].filter(([id]) => !segment || inSegment(segmentsByCustomer.get(id)!, segment));

  const buckets = bucketsOf(startDate, endDate, granularity);
  const series = new Map(buckets.map((b) => [b, { visits: 0, customers: 0, newCustomers: 0 }]));
  const histogram = HISTOGRAM_LABELS.map(() => 0);
  const gaps: number[] = [];
  let active = 0;
  let fresh = 0;
  let returning = 0;
  let totalVisits = 0;
  let cardsIssued = 0;

  const firstMonth = monthIndex(startDate);
  const lastMonth = monthIndex(endDate);
  const cohorts = new Map<number, { customers: number; back: number[] }>();

  const popular = new Map<string, { name: string; redemptions: number }>();
  let pointsIssued = 0;
  let pointsRedeemed = 0;
  let stampsIssued = 0;
  let stampsRedeemed = 0;

  for (const [, customer] of chosen) {
    const { days } = customer;
    for (const card of customer.cards) {
      if (inRange(card.issuedOn)) cardsIssued++;
      const { days: entryDays, kinds, pts, sts, redeemed } = card;
      for (let i = 0; i < entryDays.length; i++) {
        const kind = kinds[i];
        if (kind === 'x' || !inRange(entryDays[i]!)) continue;
        if (kind === 'a') {
          pointsIssued += pts[i]!;
          stampsIssued += sts[i]!;
        } else {
          pointsRedeemed += pts[i]!;
          stampsRedeemed += sts[i]!;
          const rewardId = redeemed[i]!;
          let reward = popular.get(rewardId);
          if (!reward)
            popular.set(rewardId, (reward = { name: card.rewardNames[rewardId] ?? '', redemptions: 0 }));
          reward.redemptions++;
        }
      }
    }
    if (!days.length) continue;
    const first = days[0]!;
    let visitsInRange = 0;
    let cameBack = false;
    const bucketsSeen = new Set<string>();
    for (let i = 0; i < days.length; i++) {
      const day = days[i]!;
      if (!inRange(day)) continue;
      visitsInRange++;
      if (i > 0) {
        cameBack = true;
        gaps.push(daysFrom(days[i - 1]!, day));
      }
      const key = bucketOf(day, granularity);
      const bucket = series.get(key)!;
      bucket.visits++;
      if (!bucketsSeen.has(key)) {
        bucketsSeen.add(key);
        bucket.customers++;
      }
      if (i === 0) bucket.newCustomers++;
    }
    if (visitsInRange) {
      active++;
      totalVisits += visitsInRange;
      histogram[histogramIndex(visitsInRange)]!++;
      if (inRange(first)) fresh++;
      if (cameBack) returning++;
    }
    // cohort of the first visit's month, and the later months (up to 12, up to the last day) they came back in
    const cohortMonth = monthIndex(first);
    if (cohortMonth >= firstMonth && cohortMonth <= lastMonth) {
      let cohort = cohorts.get(cohortMonth);
      if (!cohort)
        cohorts.set(
          cohortMonth,
          (cohort = {
            customers: 0,
            back: Array.from({ length: Math.min(12, lastMonth - cohortMonth) }, () => 0),
          }),
        );
      cohort.customers++;
      const months = new Set(days.map((d) => monthIndex(d) - cohortMonth));
      for (let offset = 1; offset <= cohort.back.length; offset++)
        if (months.has(offset)) cohort.back[offset - 1]!++;
    }
  }

  // NPS: answers of the chosen program about visits in weeks that overlap the period
  const firstWeek = mondayOf(startDate);
  const npsBuckets = new Map<string, number[]>();
  const allScores: number[] = [];
  const npsGranularity: AnalyticsGranularity = granularity === 'month' ? 'month' : 'week';
  for (const answer of input.answers) {
    if (programId && answer.programId !== programId) continue;
    if (answer.visitWeek < firstWeek || answer.visitWeek > endDate) continue;
    allScores.push(answer.score);
    const key = bucketOf(answer.visitWeek, npsGranularity);
    const scores = npsBuckets.get(key) ?? [];
    scores.push(answer.score);
    npsBuckets.set(key, scores);
  }
  const npsSeries = [
    ...new Set([bucketOf(firstWeek, npsGranularity), ...bucketsOf(startDate, endDate, npsGranularity)]),
  ]
    .sort()
    .map((period) => ({ period, ...npsOf(npsBuckets.get(period) ?? []) }));

  // liability: today's balances of the open cards of the chosen customers
  const programs = new Map(input.programs.map((p) => [p.programId, p]));
  const byProgram = new Map<string, { outstanding: number; claimable: number }>();
  for (const [, customer] of chosen)
    for (const card of customer.cards) {
      if (!card.open) continue;
      const program = programs.get(card.programId);
      const unitStamps = program ? program.kind === 'stamps' : card.stamps > 0 && card.points === 0;
      const balance = unitStamps ? card.stamps : card.points;
      const row = byProgram.get(card.programId) ?? { outstanding: 0, claimable: 0 };
      row.outstanding += balance;
      const cheapest = program?.cheapestRewardCost ?? null;
      if (cheapest) row.claimable += Math.floor(balance / cheapest);
      byProgram.set(card.programId, row);
    }
  const liabilityRows = [...byProgram].map(([id, row]) => {
    const program = programs.get(id);
    const valuation = program?.valuation ?? null;
    return {
      programId: id,
      name: program?.name ?? '',
      unit: (program?.kind === 'stamps' ? 'stamps' : 'points') as 'points' | 'stamps',
      outstanding: row.outstanding,
      cheapestRewardCost: program?.cheapestRewardCost ?? null,
      rewardsClaimable: row.claimable,
      unitValueGrosze: valuation ? valuation.valueGrosze / valuation.cost : null,
      valuedBy: valuation,
      valueGrosze: valuation ? liabilityGrosze(row.outstanding, valuation) : null,
    };
  });
  const valued = liabilityRows.filter((r) => r.valueGrosze !== null);
  const valueGrosze = valued.length ? valued.reduce((s, r) => s + r.valueGrosze!, 0) : null;
  liabilityRows.sort((a, b) => b.outstanding - a.outstanding || a.name.localeCompare(b.name, 'pl'));

  return {
    tenantId: input.tenantId,
    preset: input.preset,
    startDate,
    endDate,
    customerSegment: segment,
    loyaltyProgramId: programId,
    granularity,
    customers: {
      active,
      new: fresh,
      returning,
      returningRate: percent(returning, active),
      cardsIssued,
    },
    visits: {
      total: totalVisits,
      series: buckets.map((period) => ({ period, ...series.get(period)! })),
    },
    frequency: {
      histogram: HISTOGRAM_LABELS.map((label, i) => ({ label, customers: histogram[i]! })),
      medianDaysBetweenVisits: median(gaps),
    },
    rewards: {
      popular: [...popular]
        .map(([rewardId, r]) => ({ rewardId, ...r }))
        .sort((a, b) => b.redemptions - a.redemptions || a.name.localeCompare(b.name, 'pl'))
        .slice(0, 20),
      pointsIssued,
      pointsRedeemed,
      stampsIssued,
      stampsRedeemed,
      redemptionRate: percent(pointsRedeemed, pointsIssued),
    },
    nps: {
      minResponses: NPS_MIN_RESPONSES,
      total: npsOf(allScores),
      series: npsSeries,
      segmentApplies: false,
    },
    segments: CustomerSegment.options.map((s) => ({ segment: s, customers: segmentCounts.get(s)! })),
    customersWithoutVisit,
    cohorts: [...cohorts]
      .sort(([a], [b]) => a - b)
      .map(([month, c]) => ({
        month: monthOf(month),
        customers: c.customers,
        retention: c.back.map((n, i) => ({ offset: i + 1, customers: n, percent: percent(n, c.customers) })),
      })),
    liability: {
      outstandingPoints: liabilityRows
        .filter((r) => r.unit === 'points')
        .reduce((s, r) => s + r.outstanding, 0),
      outstandingStamps: liabilityRows
        .filter((r) => r.unit === 'stamps')
        .reduce((s, r) => s + r.outstanding, 0),
      rewardsClaimable: liabilityRows.reduce((s, r) => s + r.rewardsClaimable, 0),
      valuePln: valueGrosze === null ? null : valueGrosze / 100,
      valueGrosze,
      unvaluedPrograms: liabilityRows.filter((r) => r.valueGrosze === null && r.outstanding > 0).length,
      expiryForecast: null,
      byProgram: liabilityRows,
    },
  };
}
