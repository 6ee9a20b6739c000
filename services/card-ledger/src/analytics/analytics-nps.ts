import {
  NPS_MIN_RESPONSES,
  type AnalyticsGranularity,
  type AnalyticsResponse,
} from '@punkto/contracts/analytics';
import { bucketOf, bucketsOf, mondayOf, percent } from './analytics-scales';

/** One answer to the NPS survey, about a visit in the week starting `visitWeek` (a Monday). */
export type NpsAnswer = { programId: string | null; score: number; visitWeek: string };

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

/**
 * NPS of the answers of the chosen program (all programs when null) about visits in weeks that overlap the period,
 * in total and by week (by month when the period is read by month). A customer segment never applies: answers
 * are anonymous.
 */
export function npsFigures(
  answers: readonly NpsAnswer[],
  programId: string | null,
  period: { startDate: string; endDate: string; granularity: AnalyticsGranularity },
): AnalyticsResponse['nps'] {
  const { startDate, endDate } = period;
  const firstWeek = mondayOf(startDate);
  const granularity: AnalyticsGranularity = period.granularity === 'month' ? 'month' : 'week';
  const buckets = new Map<string, number[]>();
  const allScores: number[] = [];
  for (const answer of answers) {
    if (programId && answer.programId !== programId) continue;
    if (answer.visitWeek < firstWeek || answer.visitWeek > endDate) continue;
    allScores.push(answer.score);
    const key = bucketOf(answer.visitWeek, granularity);
    const scores = buckets.get(key) ?? [];
    scores.push(answer.score);
    buckets.set(key, scores);
  }
  const periods = new Set([bucketOf(firstWeek, granularity), ...bucketsOf(startDate, endDate, granularity)]);
  return {
    minResponses: NPS_MIN_RESPONSES,
    total: npsOf(allScores),
    series: [...periods].sort().map((key) => ({ period: key, ...npsOf(buckets.get(key) ?? []) })),
    segmentApplies: false,
  };
}
