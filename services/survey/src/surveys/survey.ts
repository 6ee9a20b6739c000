import { toStreamId } from '@punkto/contracts/events';

/**
 * The Survey aggregate (stream `survey-<surveyId>`): one NPS survey after one visit. Pure.
 *
 * Everything that names the person or the moment of the visit (`clientId`, `cardId`, `userId`, `visitAt`,
 * `dueAt`) and the answer itself (`answer`, a JSON string) is sealed with a key of THIS survey
 * (SURVEY_PII_FIELDS); recording the answer shreds that key, after which the log's copy reads
 * `[dane usunięte]` and nothing leads from the survey to the anonymous response (ADR 0022). Here the values
 * are plain (or the shredded marker, which evolve tolerates).
 */
export const SURVEY_STREAM_PREFIX = 'survey-';
export const toSurveyStreamId = (surveyId: string) => toStreamId('survey', surveyId);
export const SURVEY_PII_FIELDS = ['clientId', 'cardId', 'userId', 'visitAt', 'dueAt', 'answer'] as const;

export type SurveyScheduled = {
  type: 'SurveyScheduled';
  data: {
    surveyId: string;
    tenantId: string;
    programId: string | null;
    clientId: string;
    cardId: string;
    userId: string;
    visitAt: string;
    dueAt: string;
  };
};
/** a one-time link was issued (only its SHA-256 is kept); a new one replaces it while none was e-mailed */
export type SurveySent = {
  type: 'SurveySent';
  data: { surveyId: string; tokenHash: string; sentAt: string; expiresAt: string };
};
export type SurveyMailed = { type: 'SurveyMailed'; data: { surveyId: string; mailedAt: string } };
export type SkipReason = 'opted_out' | 'no_contact' | 'disabled';
export type SurveySkipped = {
  type: 'SurveySkipped';
  data: { surveyId: string; reason: SkipReason; skippedAt: string };
};
/** the answer, sealed as one JSON string (SurveyAnswer); no time of the answer is kept */
export type SurveyAnswered = { type: 'SurveyAnswered'; data: { surveyId: string; answer: string } };

export type SurveyEvent = SurveyScheduled | SurveySent | SurveyMailed | SurveySkipped | SurveyAnswered;

/** what SurveyAnswered's sealed `answer` holds: exactly what the anonymous response keeps */
export interface SurveyAnswer {
  responseId: string;
  tenantId: string;
  programId: string | null;
  score: number;
  comment: string | null;
  visitWeek: string;
}

type Scheduled = Omit<SurveyScheduled['data'], never>;

export type Survey =
  | { status: 'none' }
  | ({ status: 'scheduled' } & Scheduled)
  | ({ status: 'sent'; tokenHash: string; expiresAt: string; mailed: boolean } & Scheduled)
  | ({ status: 'skipped'; reason: SkipReason } & Scheduled)
  | { status: 'answered'; surveyId: string; tenantId: string; answer: string };

export const initialState = (): Survey => ({ status: 'none' });

export function evolve(state: Survey, event: SurveyEvent): Survey {
  switch (event.type) {
    case 'SurveyScheduled':
      return { status: 'scheduled', ...event.data };
    case 'SurveySent':
      if (state.status !== 'scheduled' && state.status !== 'sent') return state;
      return {
        ...state,
        status: 'sent',
        tokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
        mailed: false,
      };
    case 'SurveyMailed':
      return state.status === 'sent' ? { ...state, mailed: true } : state;
    case 'SurveySkipped':
      if (state.status !== 'scheduled' && state.status !== 'sent') return state;
      return { ...state, status: 'skipped', reason: event.data.reason };
    case 'SurveyAnswered':
      if (state.status === 'none' || state.status === 'answered') return state;
      return {
        status: 'answered',
        surveyId: state.surveyId,
        tenantId: state.tenantId,
        answer: event.data.answer,
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
