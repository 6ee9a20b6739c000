import { toStreamId } from '@punkto/contracts/events';

/**
 * The survey cadence of one customer in one company (stream `surveycadence-<tenantId>_<userId>`): when they
 * were last asked. Pure. It names no survey: once a survey is answered nothing leads from the customer to it
 * (ADR 0022).
 */
export const toCadenceStreamId = (tenantId: string, userId: string) =>
  toStreamId('surveycadence', `${tenantId}_${userId}`);

/** a visit started a survey: the next one can only start `cooldownDays` after `visitAt` */
export type SurveyTriggered = {
  type: 'SurveyTriggered';
  data: { tenantId: string; userId: string; visitId: string; visitAt: string; dueAt: string };
};
export type CadenceEvent = SurveyTriggered;

export interface Cadence {
  lastVisitAt: string | null;
  lastVisitId: string | null;
}

export const initialState = (): Cadence => ({ lastVisitAt: null, lastVisitId: null });

export function evolve(state: Cadence, event: CadenceEvent): Cadence {
  switch (event.type) {
    case 'SurveyTriggered':
      return { lastVisitAt: event.data.visitAt, lastVisitId: event.data.visitId };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
