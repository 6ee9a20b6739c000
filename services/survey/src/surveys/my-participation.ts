import type { MySurveyInvitation, MySurveyParticipation } from '@punkto/contracts/surveys';
import { toCadenceStreamId, type CadenceEvent } from './cadence';
import type { SurveyContext } from './survey-context';

/** One company's cadence of the person: its triggers and the company's name (null when unknown). */
export interface CadenceOfCompany {
  tenantId: string;
  companyName: string | null;
  events: CadenceEvent[];
}

/**
 * What the person's cadences say about their surveys (ADR 0045): one invitation per `SurveyTriggered` — the
 * company, the visit, when the e-mail was due — newest visit first. Nothing about sending or answering: the
 * cadence names no survey, and once answered nothing leads from the person to the survey (ADR 0022). Pure.
 */
export function invitationsOf(cadences: CadenceOfCompany[]): MySurveyParticipation {
  const invitations: MySurveyInvitation[] = cadences.flatMap(({ tenantId, companyName, events }) =>
    events
      .filter((event) => event.type === 'SurveyTriggered')
      .map((event) => ({ tenantId, companyName, visitAt: event.data.visitAt, dueAt: event.data.dueAt })),
  );
  invitations.sort((a, b) => Date.parse(b.visitAt) - Date.parse(a.visitAt));
  return { invitations };
}

/**
 * The signed-in customer's survey participation: the companies come from the person's cards (`survey-cards`),
 * each company's cadence stream (`surveycadence-<tenantId>_<userId>`) holds the triggers.
 */
export async function myParticipation(ctx: SurveyContext, userId: string): Promise<MySurveyParticipation> {
  const tenantIds = [...new Set((await ctx.copies.cardsOf(userId)).map((card) => card.tenantId))];
  const cadences = await Promise.all(
    tenantIds.map(async (tenantId): Promise<CadenceOfCompany> => {
      const [stored, tenant] = await Promise.all([
        ctx.eventStore.readStream(toCadenceStreamId(tenantId, userId)),
        ctx.copies.tenant(tenantId),
      ]);
      const events = stored.map((event) => ({ type: event.type, data: event.data }) as CadenceEvent);
      return { tenantId, companyName: tenant?.companyName || null, events };
    }),
  );
  return invitationsOf(cadences);
}
