import { randomBytes, randomUUID } from 'node:crypto';
import { companySender } from '@punkto/platform/mail/company-sender';
import { surveyInvitationMail } from './survey-mails';
import { hashToken, JobTypes, type SurveyContext } from './survey-context';
import { toCadenceStreamId } from './cadence';
import { toSurveyStreamId } from './survey';
import type { SurveyCommand } from './survey.decider';

export interface Visit {
  /** the card ledger's event id (PointsEarned / StampsAdded / RewardRedeemed) */
  visitId: string;
  cardId: string;
  at: string;
}

const command = <C extends SurveyCommand>(clock: () => Date, type: C['type'], data: C['data']) =>
  ({ type, data, metadata: { now: clock() } }) as C;

/** a visit of a card: maybe a survey, scheduled for its due time (its id), else null */
export async function surveyVisited(ctx: SurveyContext, visit: Visit): Promise<string | null> {
  const card = await ctx.copies.card(visit.cardId);
  if (!card) {
    ctx.logger.warn({ cardId: visit.cardId }, 'visit of a card the survey service does not know; no survey');
    return null;
  }
  if (card.closed) return null;
  const settings = await ctx.settingsOf(card.tenantId);
  const { newEvents } = await ctx.cadences(toCadenceStreamId(card.tenantId, card.userId), {
    type: 'TriggerSurvey',
    data: {
      tenantId: card.tenantId,
      userId: card.userId,
      visitId: visit.visitId,
      visitAt: visit.at,
      companyEnabled: settings.enabled,
      customerWantsSurveys: await ctx.copies.wantsSurveys(card.userId),
      delayHours: settings.delayHours,
      delaySecondsOverride: ctx.config.SURVEY_DELAY_SECONDS ?? null,
      cooldownDays: ctx.config.SURVEY_COOLDOWN_DAYS,
    },
    metadata: { now: ctx.clock() },
  });
  const triggered = newEvents[0];
  if (!triggered) return null;
  // a fresh id the cadence never learns: nothing leads from the customer to their survey (ADR 0022)
  const surveyId = randomUUID();
  await ctx.surveys(
    toSurveyStreamId(surveyId),
    command(ctx.clock, 'ScheduleSurvey', {
      surveyId,
      tenantId: card.tenantId,
      programId: card.programId,
      clientId: card.clientId,
      cardId: card._id,
      userId: card.userId,
      visitAt: visit.at,
      dueAt: triggered.data.dueAt,
    }),
    { tenantId: card.tenantId },
  );
  await ctx.scheduler.schedule({
    id: `deliver-${surveyId}`,
    type: JobTypes.deliver,
    runAt: new Date(triggered.data.dueAt),
    payload: { surveyId },
  });
  return surveyId;
}

/** who a survey e-mail goes to, and the company that asks */
type Recipient = { email: string; companyName: string; tenantId: string; contactEmail: string | null };

/** the survey's due time: a one-time link e-mailed, or the survey skipped */
export async function deliverSurvey(ctx: SurveyContext, surveyId: string): Promise<void> {
  const streamId = toSurveyStreamId(surveyId);
  let token: string | null = null;
  let skip: 'opted_out' | 'no_contact' | 'disabled' | null = null;
  let to: Recipient | null = null;
  const { newEvents } = await ctx.surveys(streamId, async (state) => {
    if (state.status !== 'scheduled' && !(state.status === 'sent' && !state.mailed)) return null;
    const [settings, tenant, wants, email] = await Promise.all([
      ctx.settingsOf(state.tenantId),
      ctx.copies.tenant(state.tenantId),
      ctx.copies.wantsSurveys(state.userId),
      ctx.copies.emailOf(state.clientId),
    ]);
    skip =
      !settings.enabled || !tenant || tenant.deleted
        ? 'disabled'
        : !wants
          ? 'opted_out'
          : !email
            ? 'no_contact'
            : null;
    if (skip) return { command: command(ctx.clock, 'SkipSurvey', { reason: skip }) };
    token = randomBytes(32).toString('base64url');
    to = {
      email: email!,
      companyName: tenant!.companyName,
      tenantId: state.tenantId,
      contactEmail: tenant!.contactEmail,
    };
    return {
      command: command(ctx.clock, 'SendSurvey', {
        tokenHash: hashToken(token),
        ttlDays: ctx.config.SURVEY_TOKEN_TTL_DAYS,
      }),
    };
  });
  const sent = newEvents.find((e) => e.type === 'SurveySent');
  if (!sent || sent.type !== 'SurveySent' || !token || !to) {
    if (skip) ctx.logger.info({ surveyId, reason: skip }, 'survey skipped');
    return;
  }
  const recipient = to as Recipient;
  await ctx.tokens.upsert({
    _id: sent.data.tokenHash,
    surveyId,
    expiresAt: sent.data.expiresAt,
    status: 'open',
  });
  const url = new URL('/survey-response', `${ctx.config.PUBLIC_URL}/`);
  url.searchParams.set('token', token);
  await ctx.mailer.send({
    ...surveyInvitationMail({
      to: recipient.email,
      companyName: recipient.companyName,
      url: url.toString(),
      ttlDays: ctx.config.SURVEY_TOKEN_TTL_DAYS,
    }),
    // the company asks: its name in From, its contact e-mail as Reply-To (ADR 0040)
    ...companySender(recipient.companyName, recipient.contactEmail),
  });
  await ctx.surveys(streamId, command(ctx.clock, 'MarkSurveyMailed', {}), { tenantId: recipient.tenantId });
}

/**
 * Scheduling and delivery: a visit may start a survey (cadence decider: company switch, opt-out, 30 days,
 * redelivery); the survey is scheduled on the durable scheduler for its due time; when due, a one-time link
 * is issued and e-mailed — or the survey is skipped when the person opted out meanwhile, has no e-mail, or
 * the company turned surveys off.
 */
export function surveyDelivery(ctx: SurveyContext) {
  const visited = (visit: Visit) => surveyVisited(ctx, visit);
  const deliver = (surveyId: string) => deliverSurvey(ctx, surveyId);

  return {
    visited,
    deliver,
    jobs: {
      [JobTypes.deliver]: async (job: { payload: unknown }) =>
        deliver((job.payload as { surveyId: string }).surveyId),
    },
  };
}
