import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { SurveyEvent, SurveyScheduled } from './survey';
import { surveyDecider, type SurveyCommand } from './survey.decider';
import { SurveyAlreadyAnsweredError, SurveyExpiredError, SurveyNotFoundError } from './survey.errors';

const spec = deciderSpecification(surveyDecider);
const at = (iso: string) => ({ now: new Date(iso) });

const scheduledData: SurveyScheduled['data'] = {
  surveyId: 's1',
  tenantId: 't1',
  programId: 'p1',
  clientId: 'c1',
  cardId: 'card1',
  userId: 'u1',
  // Sunday evening in Warsaw (UTC+1): the week of Monday 16 November
  visitAt: '2026-11-22T20:30:00.000Z',
  dueAt: '2026-11-22T23:30:00.000Z',
};
const scheduled: SurveyEvent = { type: 'SurveyScheduled', data: scheduledData };
const sent: SurveyEvent = {
  type: 'SurveySent',
  data: {
    surveyId: 's1',
    tokenHash: 'h1',
    sentAt: '2026-11-22T23:30:00.000Z',
    expiresAt: '2026-11-29T23:30:00.000Z',
  },
};
const mailed: SurveyEvent = {
  type: 'SurveyMailed',
  data: { surveyId: 's1', mailedAt: '2026-11-22T23:30:01.000Z' },
};

const answer = (now: string, tokenHash = 'h1'): SurveyCommand => ({
  type: 'AnswerSurvey',
  data: { tokenHash, responseId: 'r1', score: 9, comment: 'Super kawa' },
  metadata: at(now),
});

describe('when nothing was scheduled', () => {
  it('a visit schedules the survey', () =>
    spec
      .given([])
      .when({ type: 'ScheduleSurvey', data: scheduledData, metadata: at('2026-11-22T20:30:01.000Z') })
      .then([scheduled]));

  it('an answer finds no survey', () =>
    spec.given([]).when(answer('2026-11-23T10:00:00.000Z')).thenThrows(SurveyNotFoundError));
});

describe('when the survey is scheduled', () => {
  it('a second schedule (redelivery) decides nothing', () =>
    spec
      .given([scheduled])
      .when({ type: 'ScheduleSurvey', data: scheduledData, metadata: at('2026-11-22T20:31:00.000Z') })
      .thenNothingHappens());

  it('sending issues a link valid for 7 days', () =>
    spec
      .given([scheduled])
      .when({
        type: 'SendSurvey',
        data: { tokenHash: 'h1', ttlDays: 7 },
        metadata: at('2026-11-22T23:30:00.000Z'),
      })
      .then([sent]));

  it('a customer who opted out meanwhile is skipped', () =>
    spec
      .given([scheduled])
      .when({ type: 'SkipSurvey', data: { reason: 'opted_out' }, metadata: at('2026-11-22T23:30:00.000Z') })
      .then([
        {
          type: 'SurveySkipped',
          data: { surveyId: 's1', reason: 'opted_out', skippedAt: '2026-11-22T23:30:00.000Z' },
        },
      ]));
});

describe('when the link was e-mailed', () => {
  it('the job running again sends nothing new', () =>
    spec
      .given([scheduled, sent, mailed])
      .when({
        type: 'SendSurvey',
        data: { tokenHash: 'h2', ttlDays: 7 },
        metadata: at('2026-11-22T23:31:00.000Z'),
      })
      .thenNothingHappens());

  it('the answer is recorded once, sealed as one value, with only the week of the visit', () => {
    const events = surveyDecider.decide(
      answer('2026-11-29T23:29:59.000Z'),
      [scheduled, sent, mailed].reduce(surveyDecider.evolve, surveyDecider.initialState()),
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('SurveyAnswered');
    const recorded = JSON.parse((events[0]!.data as { answer: string }).answer);
    expect(recorded).toEqual({
      responseId: 'r1',
      tenantId: 't1',
      programId: 'p1',
      score: 9,
      comment: 'Super kawa',
      visitWeek: '2026-11-16',
    });
  });

  it('a wrong token is unknown', () =>
    spec
      .given([scheduled, sent, mailed])
      .when(answer('2026-11-23T10:00:00.000Z', 'h9'))
      .thenThrows(SurveyNotFoundError));

  it('at 7 days the link has expired', () =>
    spec
      .given([scheduled, sent, mailed])
      .when(answer('2026-11-29T23:30:00.000Z'))
      .thenThrows(SurveyExpiredError));
});

describe('when the survey was answered', () => {
  const answered: SurveyEvent = {
    type: 'SurveyAnswered',
    data: { surveyId: 's1', answer: '[dane usunięte]' },
  };

  it('a second answer is refused as used (even after the key was shredded)', () =>
    spec
      .given([scheduled, sent, mailed, answered])
      .when(answer('2026-11-23T10:00:00.000Z'))
      .thenThrows(SurveyAlreadyAnsweredError));

  it('nothing else can happen to it', () =>
    spec
      .given([scheduled, sent, mailed, answered])
      .when({ type: 'SkipSurvey', data: { reason: 'opted_out' }, metadata: at('2026-11-23T10:00:00.000Z') })
      .thenNothingHappens());
});
