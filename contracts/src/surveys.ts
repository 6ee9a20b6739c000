import { z } from 'zod';
import { emailAddress, httpsUrl } from './web-addresses';

/**
 * Automatic NPS surveys (issue 18, ADR 0022): after a visit the customer gets a one-time link
 * (`/survey-response?token=…`), answers 1–10 with an optional comment, anonymously. Results are shown to the
 * company only from SURVEY_ANONYMITY_THRESHOLD answers in a group.
 */

export const SURVEY_SCALE = { min: 1, max: 10 } as const;
/** a group's results (score, comments) are shown only from this many answers */
export const SURVEY_ANONYMITY_THRESHOLD = 5;
export const SURVEY_COMMENT_MAX = 1000;
export const SURVEY_DELAY_HOURS = { min: 1, max: 48, default: 3 } as const;

/** NPS on the 1–10 scale: detractors 1–6, passives 7–8, promoters 9–10. */
export const NpsBands = { detractorMax: 6, passiveMax: 8 } as const;

export const surveyQuestion = (companyName: string) =>
  `Jak bardzo prawdopodobne jest, że polecisz ${companyName} znajomym?`;

export const SurveyTokenParams = z.object({ token: z.string().min(1).max(200) });

export const SurveyView = z
  .object({
    companyName: z.string(),
    question: z.string(),
    scale: z.object({ min: z.literal(1), max: z.literal(10) }),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SurveyView' });
export type SurveyView = z.infer<typeof SurveyView>;

export const SurveyAnswerRequest = z
  .object({
    score: z
      .number({ error: 'Wybierz ocenę od 1 do 10.' })
      .int('Wybierz ocenę od 1 do 10.')
      .min(1, 'Wybierz ocenę od 1 do 10.')
      .max(10, 'Wybierz ocenę od 1 do 10.'),
    comment: z
      .string()
      .trim()
      .max(SURVEY_COMMENT_MAX, `Komentarz może mieć najwyżej ${SURVEY_COMMENT_MAX} znaków.`)
      .optional(),
  })
  .meta({ id: 'SurveyAnswerRequest' });
export type SurveyAnswerRequest = z.infer<typeof SurveyAnswerRequest>;

export const SurveyAnswerResponse = z
  .object({
    message: z.string(),
    /** the company's review page, offered to every respondent whatever the score (no review gating) */
    reviewUrl: z.string().nullable(),
  })
  .meta({ id: 'SurveyAnswerResponse' });
export type SurveyAnswerResponse = z.infer<typeof SurveyAnswerResponse>;

export const SurveyResultsQuery = z.object({ programId: z.string().min(1).max(64).optional() });

const NpsFigures = z.object({
  responses: z.number().int(),
  /** null below the anonymity threshold */
  nps: z.number().int().nullable(),
  promoters: z.number().int().nullable(),
  passives: z.number().int().nullable(),
  detractors: z.number().int().nullable(),
});

export const SurveyResults = z
  .object({
    threshold: z.number().int(),
    /** answers still needed before the results are shown (0: shown) */
    missing: z.number().int(),
    total: NpsFigures,
    /** per month of the visit (`2026-11`), oldest first; each month's score only from the threshold */
    trend: z.array(NpsFigures.extend({ month: z.string() })),
    /** newest visit week first; empty below the threshold */
    comments: z.array(z.object({ visitWeek: z.string(), score: z.number().int(), comment: z.string() })),
  })
  .meta({ id: 'SurveyResults' });
export type SurveyResults = z.infer<typeof SurveyResults>;

export const SurveySettings = z
  .object({
    enabled: z.boolean(),
    delayHours: z
      .number()
      .int('Podaj pełną liczbę godzin.')
      .min(SURVEY_DELAY_HOURS.min, `Najkrócej ${SURVEY_DELAY_HOURS.min} godzina.`)
      .max(SURVEY_DELAY_HOURS.max, `Najdłużej ${SURVEY_DELAY_HOURS.max} godziny.`),
    /** the company's public review page, `https://` only, stored normalised (issue 36) */
    reviewUrl: httpsUrl().nullable(),
    /** where detractor alerts go; null: the company's contact e-mail */
    alertEmail: emailAddress().nullable(),
  })
  .meta({ id: 'SurveySettings' });
export type SurveySettings = z.infer<typeof SurveySettings>;

export const defaultSurveySettings = (): SurveySettings => ({
  enabled: true,
  delayHours: SURVEY_DELAY_HOURS.default,
  reviewUrl: null,
  alertEmail: null,
});

/**
 * What the survey service knows about the signed-in customer's surveys (the data export, issue 32, ADR 0045):
 * each survey a visit started — the company, when the visit was, when the invitation was due. Whether it was
 * e-mailed, answered, and what the answer was are NOT kept with the person (ADR 0022: answers are anonymous).
 */
export const MySurveyInvitation = z.object({
  tenantId: z.string(),
  /** null when the company is unknown to the survey service (deleted, or its name never arrived) */
  companyName: z.string().nullable(),
  visitAt: z.iso.datetime({ offset: true }),
  /** when the invitation was due to be e-mailed (visit + the company's delay) */
  dueAt: z.iso.datetime({ offset: true }),
});
export type MySurveyInvitation = z.infer<typeof MySurveyInvitation>;
export const MySurveyParticipation = z
  .object({
    /** newest visit first */
    invitations: z.array(MySurveyInvitation),
  })
  .meta({ id: 'MySurveyParticipation' });
export type MySurveyParticipation = z.infer<typeof MySurveyParticipation>;

export const SurveyErrors = {
  notFound: {
    code: 'SURVEY.NOT_FOUND',
    status: 404,
    message: 'Nie znaleziono ankiety. Sprawdź, czy link został skopiowany w całości.',
  },
  used: {
    code: 'SURVEY.ALREADY_ANSWERED',
    status: 409,
    message: 'Ta ankieta została już wypełniona. Dziękujemy!',
  },
  expired: {
    code: 'SURVEY.EXPIRED',
    status: 410,
    message: 'Ankieta wygasła — można było na nią odpowiedzieć przez 7 dni od wysłania.',
  },
} as const;
