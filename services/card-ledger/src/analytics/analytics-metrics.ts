import type { AnalyticsPreset, AnalyticsResponse } from '@punkto/contracts/analytics';
import type { CustomerSegment } from '@punkto/contracts/customer-segments';
import { cohortsOf, customersOf, rewardsOf, segmentsOf, visitsOf } from './analytics-customers';
import { liabilityOf, type ProgramInfo } from './analytics-liability';
import { npsFigures, type NpsAnswer } from './analytics-nps';
import { granularityOf } from './analytics-scales';
import type { CardVisits } from './card-visits';

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

/**
 * Every figure of the analytics page from the cards' summaries and the NPS answers (pure; definitions in
 * docs/adr/0023-analytics-projections.md). A customer is a person (userId): their cards in several programs
 * count once, unless a program is chosen. A visit is a day (Warsaw) with at least one award or redemption
 * that was not voided; an award and a redemption on one day are one visit. The figures of each section are
 * computed in its own module: customers and visits (`analytics-customers`), NPS (`analytics-nps`), liability
 * (`analytics-liability`), on the periods of `analytics-scales`.
 */
export function computeAnalytics(input: AnalyticsInput): AnalyticsResponse {
  const { startDate, endDate, segment, programId } = input;
  const period = { startDate, endDate, granularity: granularityOf(startDate, endDate) };
  const customers = customersOf(input.cards, programId, endDate);
  const { segments, customersWithoutVisit, chosen } = segmentsOf(customers, endDate, segment);
  return {
    tenantId: input.tenantId,
    preset: input.preset,
    startDate,
    endDate,
    customerSegment: segment,
    loyaltyProgramId: programId,
    granularity: period.granularity,
    ...visitsOf(chosen, period),
    rewards: rewardsOf(chosen, period),
    nps: npsFigures(input.answers, programId, period),
    segments,
    customersWithoutVisit,
    cohorts: cohortsOf(chosen, period),
    liability: liabilityOf(
      chosen.flatMap((customer) => customer.cards),
      input.programs,
    ),
  };
}
