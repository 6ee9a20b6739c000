import { z } from 'zod';
import { CustomerSegment } from './customer-segments';
import { QueryDate, QueryDateMessages } from './dates';
import { ReferralFigures } from './referrals';

/**
 * The analytics query and answer (SPEC §3: startDate, endDate, preset, customerSegment, loyaltyProgramId;
 * `GET /api/v1/analytics/{tenantId}`). Days are calendar days in Europe/Warsaw; both ends are included.
 * Definitions of every figure: docs/adr/0023-analytics-projections.md.
 */

export const AnalyticsPreset = z.enum(['7d', '30d', '90d', '12m', 'this_month', 'custom']);
export type AnalyticsPreset = z.infer<typeof AnalyticsPreset>;

export const analyticsPresetLabels: Record<AnalyticsPreset, string> = {
  '7d': '7 dni',
  '30d': '30 dni',
  '90d': '90 dni',
  '12m': '12 miesięcy',
  this_month: 'Ten miesiąc',
  custom: 'Własny zakres',
};

/** the longest period one query covers (two years and a leap day) */
export const ANALYTICS_MAX_RANGE_DAYS = 731;
/** NPS of a group is shown only from this many answers (anonymity threshold, docs/INSIGHTS) */
export const NPS_MIN_RESPONSES = 5;

export const AnalyticsMessages = {
  date: QueryDateMessages.format,
  order: 'Data końcowa nie może być wcześniejsza niż początkowa.',
  range: `Zakres dat może obejmować najwyżej ${ANALYTICS_MAX_RANGE_DAYS} dni.`,
  customNeedsDates: 'Dla własnego zakresu podaj datę początkową i końcową.',
} as const;

/** Days from `from` to `to`, both included (calendar dates, no zone). */
export function daysBetweenInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `date` plus `days` calendar days (`2026-03-01`, -1 → `2026-02-28`). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const AnalyticsQuery = z
  .object({
    /** first day (Warsaw), included; with `endDate` and no preset (or `custom`) */
    startDate: QueryDate.optional(),
    /** last day (Warsaw), included */
    endDate: QueryDate.optional(),
    /** default: `30d` without dates, `custom` with them */
    preset: AnalyticsPreset.optional(),
    /** only customers of this segment (as of the last day); default: everyone */
    customerSegment: CustomerSegment.optional(),
    loyaltyProgramId: z.string().min(1).max(64).optional(),
  })
  .superRefine((q, ctx) => {
    const custom = q.preset === 'custom' || (!q.preset && (q.startDate || q.endDate));
    if (!custom) return;
    if (!q.startDate || !q.endDate) {
      ctx.addIssue({
        code: 'custom',
        message: AnalyticsMessages.customNeedsDates,
        path: [q.startDate ? 'endDate' : 'startDate'],
      });
      return;
    }
    if (q.endDate < q.startDate)
      ctx.addIssue({ code: 'custom', message: AnalyticsMessages.order, path: ['endDate'] });
    else if (daysBetweenInclusive(q.startDate, q.endDate) > ANALYTICS_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', message: AnalyticsMessages.range, path: ['endDate'] });
  })
  .meta({ id: 'AnalyticsQuery' });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** The days a (valid) query covers, given today's date in Warsaw. */
export function analyticsRange(
  query: AnalyticsQuery,
  today: string,
): { preset: AnalyticsPreset; startDate: string; endDate: string } {
  const preset: AnalyticsPreset = query.preset ?? (query.startDate || query.endDate ? 'custom' : '30d');
  switch (preset) {
    case '7d':
      return { preset, startDate: addDays(today, -6), endDate: today };
    case '30d':
      return { preset, startDate: addDays(today, -29), endDate: today };
    case '90d':
      return { preset, startDate: addDays(today, -89), endDate: today };
    case '12m':
      // the same day a year ago, the next day first: 12 whole months ending today
      return {
        preset,
        startDate: addDays(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, 1),
        endDate: today,
      };
    case 'this_month':
      return { preset, startDate: `${today.slice(0, 8)}01`, endDate: today };
    case 'custom':
      return { preset, startDate: query.startDate!, endDate: query.endDate! };
  }
}

export const AnalyticsGranularity = z.enum(['day', 'week', 'month']);
export type AnalyticsGranularity = z.infer<typeof AnalyticsGranularity>;

const Count = z.number().int().min(0);
/** a share 0–100 (%), rounded to 2 decimals; null when there is nothing to divide by */
const Percent = z.number().nullable();

export const AnalyticsResponse = z
  .object({
    tenantId: z.string(),
    preset: AnalyticsPreset,
    startDate: z.string(),
    endDate: z.string(),
    customerSegment: CustomerSegment.nullable(),
    loyaltyProgramId: z.string().nullable(),
    /** the buckets of the time series: a day up to 31 days, a week (Monday) up to 184, else a month */
    granularity: AnalyticsGranularity,
    customers: z.object({
      /** customers with at least one visit in the period */
      active: Count,
      /** … whose first visit ever is in the period */
      new: Count,
      /** … with a visit in the period that was not their first */
      returning: Count,
      /** returning ÷ active */
      returningRate: Percent,
      /** cards issued in the period (with or without a visit) */
      cardsIssued: Count,
    }),
    visits: z.object({
      total: Count,
      series: z.array(z.object({ period: z.string(), visits: Count, customers: Count, newCustomers: Count })),
    }),
    frequency: z.object({
      /** active customers by their visits in the period: `1`, `2`, `3`, `4`, `5–9`, `10+` */
      histogram: z.array(z.object({ label: z.string(), customers: Count })),
      /** median of the days between one visit and the next (the later one in the period) */
      medianDaysBetweenVisits: z.number().nullable(),
    }),
    rewards: z.object({
      popular: z.array(z.object({ rewardId: z.string(), name: z.string(), redemptions: Count })),
      pointsIssued: Count,
      pointsRedeemed: Count,
      stampsIssued: Count,
      stampsRedeemed: Count,
      /** points redeemed ÷ points issued in the period */
      redemptionRate: Percent,
    }),
    nps: z.object({
      minResponses: z.number().int(),
      /** the whole period; score null below the threshold */
      total: z.object({
        responses: Count,
        score: z.number().nullable(),
        promoters: Percent,
        detractors: Percent,
      }),
      /** by the visit's week or month (the granularity; days are grouped by week) */
      series: z.array(
        z.object({
          period: z.string(),
          responses: Count,
          score: z.number().nullable(),
          promoters: Percent,
          detractors: Percent,
        }),
      ),
      /** answers are anonymous: they follow the program filter, never the segment */
      segmentApplies: z.boolean(),
    }),
    segments: z.array(z.object({ segment: CustomerSegment, customers: Count })),
    /** customers with a card and no visit yet (as of the last day) */
    customersWithoutVisit: Count,
    cohorts: z.array(
      z.object({
        /** the month of the first visit, `2026-03` */
        month: z.string(),
        customers: Count,
        /** months after the first: 1, 2, … up to the period's last month (at most 12) */
        retention: z.array(z.object({ offset: z.number().int(), customers: Count, percent: Percent })),
      }),
    ),
    liability: z.object({
      /** today's balances of open cards (not the period's) */
      outstandingPoints: Count,
      outstandingStamps: Count,
      /** how many of the cheapest active reward of each card's program today's balances could buy */
      rewardsClaimable: Count,
      /**
       * value in PLN (złoty, to the grosz) of the outstanding balances of the VALUED programs: per program
       * Σ balance × the lowest `valueGrosze ÷ cost` among its active rewards that state a value (ADR 0023,
       * amendment); null when no program with a balance is valued
       */
      valuePln: z.number().nullable(),
      /** the same in whole grosze */
      valueGrosze: Count.nullable(),
      /** programs with a balance on cards but no active reward with a value: not in `valuePln` */
      unvaluedPrograms: Count,
      /** null: no program sets points to expire, so nothing is forecast to expire */
      expiryForecast: z.array(z.object({ month: z.string(), points: Count })).nullable(),
      byProgram: z.array(
        z.object({
          programId: z.string(),
          name: z.string(),
          unit: z.enum(['points', 'stamps']),
          outstanding: Count,
          cheapestRewardCost: z.number().int().nullable(),
          rewardsClaimable: Count,
          /** grosze per point or stamp (may have a fraction: 500 gr ÷ 12 pkt); null = not valued */
          unitValueGrosze: z.number().min(0).nullable(),
          /** the reward that sets `unitValueGrosze` (the lowest value per unit) */
          valuedBy: z
            .object({ rewardId: z.string(), name: z.string(), cost: z.number().int(), valueGrosze: Count })
            .nullable(),
          /** outstanding × unitValueGrosze, rounded half up to the grosz; null = not valued */
          valueGrosze: Count.nullable(),
        }),
      ),
    }),
    /** "bring a friend" in the period (ADR 0061); absent from answers of services before it */
    referrals: ReferralFigures.optional(),
  })
  .meta({ id: 'AnalyticsResponse' });
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
