import type { Command, Decider } from '@punkto/platform/es/decider';
import { evolve, initialState, type Cadence, type CadenceEvent } from './cadence';

/**
 * A visit asks for a survey. Nothing is decided (the visit is dropped, never retried) when the company turned
 * surveys off, the customer opted out (`surveys` or `emailNotifications` off), this visit already triggered
 * one (a redelivery), or the customer was asked less than `cooldownDays` before (counted from the visit that
 * triggered it, answered or not). Otherwise the survey is due `delayHours` after the visit.
 */
export type TriggerSurvey = Command<
  'TriggerSurvey',
  {
    tenantId: string;
    userId: string;
    visitId: string;
    visitAt: string;
    companyEnabled: boolean;
    customerWantsSurveys: boolean;
    delayHours: number;
    /** test-shortened delay (SURVEY_DELAY_SECONDS); null: `delayHours` */
    delaySecondsOverride: number | null;
    cooldownDays: number;
  }
>;

const DAY_MS = 86_400_000;

export function decide(command: TriggerSurvey, state: Cadence): CadenceEvent[] {
  const c = command.data;
  if (!c.companyEnabled || !c.customerWantsSurveys) return [];
  if (state.lastVisitId === c.visitId) return [];
  const visitAt = Date.parse(c.visitAt);
  if (
    state.lastVisitAt !== null &&
    Math.abs(visitAt - Date.parse(state.lastVisitAt)) < c.cooldownDays * DAY_MS
  )
    return [];
  const delayMs = (c.delaySecondsOverride ?? c.delayHours * 3600) * 1000;
  return [
    {
      type: 'SurveyTriggered',
      data: {
        tenantId: c.tenantId,
        userId: c.userId,
        visitId: c.visitId,
        visitAt: c.visitAt,
        dueAt: new Date(visitAt + delayMs).toISOString(),
      },
    },
  ];
}

export const cadenceDecider: Decider<Cadence, TriggerSurvey, CadenceEvent> = { decide, evolve, initialState };
