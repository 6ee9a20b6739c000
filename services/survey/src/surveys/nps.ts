import { NpsBands, SURVEY_ANONYMITY_THRESHOLD, type SurveyResults } from '@punkto/contracts/surveys';

/** One anonymous answer as the results read it. */
export interface ScoredAnswer {
  score: number;
  comment: string | null;
  visitWeek: string;
}

type Figures = SurveyResults['total'];

/**
 * NPS on the 1–10 scale: % promoters (9–10) − % detractors (1–6), rounded to a whole number, −100…100.
 * A group's figures are shown only from `threshold` answers (below: counts of answers only). Pure.
 */
export function npsFigures(scores: readonly number[], threshold = SURVEY_ANONYMITY_THRESHOLD): Figures {
  const responses = scores.length;
  if (responses < threshold)
    return { responses, nps: null, promoters: null, passives: null, detractors: null };
  const detractors = scores.filter((s) => s <= NpsBands.detractorMax).length;
  const passives = scores.filter((s) => s > NpsBands.detractorMax && s <= NpsBands.passiveMax).length;
  const promoters = responses - detractors - passives;
  const nps = Math.round(((promoters - detractors) / responses) * 100);
  return { responses, nps: nps === 0 ? 0 : nps, promoters, passives, detractors };
}

/** The whole results page: total, trend per month of the visit, comments newest week first. */
export function npsResults(
  answers: readonly ScoredAnswer[],
  threshold = SURVEY_ANONYMITY_THRESHOLD,
): SurveyResults {
  const total = npsFigures(
    answers.map((a) => a.score),
    threshold,
  );
  const shown = total.nps !== null;
  const byMonth = new Map<string, number[]>();
  for (const a of answers) {
    const month = a.visitWeek.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), a.score]);
  }
  const trend = shown
    ? [...byMonth.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, scores]) => ({ month, ...npsFigures(scores, threshold) }))
    : [];
  const comments = shown
    ? answers
        .filter((a): a is ScoredAnswer & { comment: string } => !!a.comment)
        .sort((a, b) => b.visitWeek.localeCompare(a.visitWeek))
        .map(({ visitWeek, score, comment }) => ({ visitWeek, score, comment }))
    : [];
  return { threshold, missing: Math.max(0, threshold - answers.length), total, trend, comments };
}
