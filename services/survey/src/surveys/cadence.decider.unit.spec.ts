import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, it } from 'vitest';
import type { CadenceEvent } from './cadence';
import { cadenceDecider, type TriggerSurvey } from './cadence.decider';

const spec = deciderSpecification(cadenceDecider);
const now = new Date('2026-11-20T12:00:00.000Z');

const trigger = (overrides: Partial<TriggerSurvey['data']> = {}): TriggerSurvey => ({
  type: 'TriggerSurvey',
  data: {
    tenantId: 't1',
    userId: 'u1',
    visitId: 'visit-2',
    visitAt: '2026-11-20T10:00:00.000Z',
    companyEnabled: true,
    customerWantsSurveys: true,
    delayHours: 3,
    delaySecondsOverride: null,
    cooldownDays: 30,
    ...overrides,
  },
  metadata: { now },
});

const triggered = (visitId: string, visitAt: string, dueAt: string): CadenceEvent => ({
  type: 'SurveyTriggered',
  data: { tenantId: 't1', userId: 'u1', visitId, visitAt, dueAt },
});

describe('when the customer was never asked', () => {
  it('a visit starts a survey due the company delay after the visit (default 3 h)', () =>
    spec
      .given([])
      .when(trigger())
      .then([triggered('visit-2', '2026-11-20T10:00:00.000Z', '2026-11-20T13:00:00.000Z')]));

  it('the company delay in hours is used (e.g. 24 h)', () =>
    spec
      .given([])
      .when(trigger({ delayHours: 24 }))
      .then([triggered('visit-2', '2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z')]));

  it('the test override in seconds wins over the hours', () =>
    spec
      .given([])
      .when(trigger({ delaySecondsOverride: 2 }))
      .then([triggered('visit-2', '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:02.000Z')]));

  it('a customer who opted out is not asked', () =>
    spec
      .given([])
      .when(trigger({ customerWantsSurveys: false }))
      .thenNothingHappens());

  it('a company that turned surveys off asks no one', () =>
    spec
      .given([])
      .when(trigger({ companyEnabled: false }))
      .thenNothingHappens());
});

describe('when the customer was asked after a visit on 1 November', () => {
  const given = [triggered('visit-1', '2026-11-01T10:00:00.000Z', '2026-11-01T13:00:00.000Z')];

  it('a visit 19 days later is dropped (not retried), answered or not', () =>
    spec.given(given).when(trigger()).thenNothingHappens());

  it('a visit 29 days 23 hours later is still dropped', () =>
    spec
      .given(given)
      .when(trigger({ visitAt: '2026-12-01T09:00:00.000Z' }))
      .thenNothingHappens());

  it('a visit exactly 30 days later starts the next survey', () =>
    spec
      .given(given)
      .when(trigger({ visitAt: '2026-12-01T10:00:00.000Z' }))
      .then([triggered('visit-2', '2026-12-01T10:00:00.000Z', '2026-12-01T13:00:00.000Z')]));

  it('the redelivered visit that started it decides nothing', () =>
    spec
      .given(given)
      .when(trigger({ visitId: 'visit-1', visitAt: '2026-11-01T10:00:00.000Z' }))
      .thenNothingHappens());

  it('an older visit delivered late is dropped too', () =>
    spec
      .given(given)
      .when(trigger({ visitAt: '2026-10-25T10:00:00.000Z' }))
      .thenNothingHappens());
});
