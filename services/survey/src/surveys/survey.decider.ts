import type { Command, Decider } from '@punkto/platform/es/decider';
import { SurveyAlreadyAnsweredError, SurveyExpiredError, SurveyNotFoundError } from './survey.errors';
import {
  evolve,
  initialState,
  type SkipReason,
  type Survey,
  type SurveyAnswer,
  type SurveyEvent,
  type SurveyScheduled,
} from './survey';
import { warsawWeekOf } from './warsaw-week';

export type ScheduleSurvey = Command<'ScheduleSurvey', SurveyScheduled['data']>;
/** issue a one-time link (its hash) valid for `ttlDays` */
export type SendSurvey = Command<'SendSurvey', { tokenHash: string; ttlDays: number }>;
export type MarkSurveyMailed = Command<'MarkSurveyMailed', Record<string, never>>;
export type SkipSurvey = Command<'SkipSurvey', { reason: SkipReason }>;
export type AnswerSurvey = Command<
  'AnswerSurvey',
  { tokenHash: string; responseId: string; score: number; comment: string | null }
>;
export type SurveyCommand = ScheduleSurvey | SendSurvey | MarkSurveyMailed | SkipSurvey | AnswerSurvey;

const DAY_MS = 86_400_000;

export function decide(command: SurveyCommand, state: Survey): SurveyEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'ScheduleSurvey':
      // a redelivered schedule decides nothing
      return state.status === 'none' ? [{ type: 'SurveyScheduled', data: command.data }] : [];
    case 'SendSurvey': {
      // a new link only while none reached the person (a crash between issuing and e-mailing it)
      const open = state.status === 'scheduled' || (state.status === 'sent' && !state.mailed);
      if (!open) return [];
      return [
        {
          type: 'SurveySent',
          data: {
            surveyId: state.surveyId,
            tokenHash: command.data.tokenHash,
            sentAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + command.data.ttlDays * DAY_MS).toISOString(),
          },
        },
      ];
    }
    case 'MarkSurveyMailed':
      if (state.status !== 'sent' || state.mailed) return [];
      return [{ type: 'SurveyMailed', data: { surveyId: state.surveyId, mailedAt: now.toISOString() } }];
    case 'SkipSurvey':
      if (state.status !== 'scheduled' && !(state.status === 'sent' && !state.mailed)) return [];
      return [
        {
          type: 'SurveySkipped',
          data: { surveyId: state.surveyId, reason: command.data.reason, skippedAt: now.toISOString() },
        },
      ];
    case 'AnswerSurvey': {
      if (state.status === 'answered') throw new SurveyAlreadyAnsweredError();
      if (state.status !== 'sent' || state.tokenHash !== command.data.tokenHash)
        throw new SurveyNotFoundError();
      if (now.getTime() >= Date.parse(state.expiresAt)) throw new SurveyExpiredError();
      const answer: SurveyAnswer = {
        responseId: command.data.responseId,
        tenantId: state.tenantId,
        programId: state.programId,
        score: command.data.score,
        comment: command.data.comment,
        visitWeek: warsawWeekOf(new Date(state.visitAt)),
      };
      return [{ type: 'SurveyAnswered', data: { surveyId: state.surveyId, answer: JSON.stringify(answer) } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const surveyDecider: Decider<Survey, SurveyCommand, SurveyEvent> = { decide, evolve, initialState };
