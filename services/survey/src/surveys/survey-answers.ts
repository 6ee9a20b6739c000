import type { SurveyResponseRecordedData } from '@punkto/contracts/integration-events';
import {
  SURVEY_SCALE,
  surveyQuestion,
  type SurveyAnswerRequest,
  type SurveyAnswerResponse,
  type SurveyView,
} from '@punkto/contracts/surveys';
import { ConcurrencyError } from '@punkto/platform/errors/errors';
import { SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { randomUUID } from 'node:crypto';
import { toStreamId } from '@punkto/contracts/events';
import { detractorAlertMail } from './survey-mails';
import { hashToken, JobTypes, type SurveyContext } from './survey-context';
import { toSurveyStreamId, type SurveyAnswer, type SurveyEvent } from './survey';
import { SurveyAlreadyAnsweredError, SurveyExpiredError, SurveyNotFoundError } from './survey.errors';
import { NpsBands } from '@punkto/contracts/surveys';

/** The anonymous response's own stream (relayed to survey.surveys.v1): a fresh id, no survey named. */
export const RESPONSE_STREAM_PREFIX = 'surveyresponse-';
export const toResponseStreamId = (responseId: string) => toStreamId('surveyresponse', responseId);

const FINISH_AFTER_MS = 60_000;

/** the token's open survey; 404, 409 answered, 410 expired otherwise */
async function openSurveyToken(ctx: SurveyContext, token: string) {
  const doc = await ctx.tokens.get(hashToken(token));
  if (!doc) throw new SurveyNotFoundError();
  if (doc.status === 'answered' || !doc.surveyId) throw new SurveyAlreadyAnsweredError();
  if (ctx.clock().getTime() >= Date.parse(doc.expiresAt)) throw new SurveyExpiredError();
  return { ...doc, surveyId: doc.surveyId };
}

/** the question a one-time link shows */
export async function viewSurvey(ctx: SurveyContext, token: string): Promise<SurveyView> {
  const doc = await openSurveyToken(ctx, token);
  const events = await ctx.eventStore.readStream(toSurveyStreamId(doc.surveyId));
  const tenantId = (events[0]?.data as { tenantId?: string } | undefined)?.tenantId;
  const tenant = tenantId ? await ctx.copies.tenant(tenantId) : null;
  if (!tenant || tenant.deleted) throw new SurveyNotFoundError();
  return {
    companyName: tenant.companyName,
    question: surveyQuestion(tenant.companyName),
    scale: { min: SURVEY_SCALE.min, max: SURVEY_SCALE.max },
    expiresAt: doc.expiresAt,
  };
}

/** the answer recorded in the survey's stream, then finished (or by the scheduled job) */
export async function answerSurvey(
  ctx: SurveyContext,
  token: string,
  body: SurveyAnswerRequest,
): Promise<SurveyAnswerResponse> {
  const doc = await openSurveyToken(ctx, token);
  const streamId = toSurveyStreamId(doc.surveyId);
  await ctx.scheduler.schedule({
    id: `finish-${doc.surveyId}`,
    type: JobTypes.finish,
    runAt: new Date(ctx.clock().getTime() + FINISH_AFTER_MS),
    payload: { surveyId: doc.surveyId },
  });
  const { newState } = await ctx.surveys(streamId, {
    type: 'AnswerSurvey',
    data: {
      tokenHash: doc._id,
      responseId: randomUUID(),
      score: body.score,
      comment: body.comment ? body.comment : null,
    },
    metadata: { now: ctx.clock() },
  });
  const tenantId = newState.status === 'answered' ? newState.tenantId : null;
  try {
    await finishSurvey(ctx, doc.surveyId);
  } catch (error) {
    // the answer is recorded; the scheduled job finishes it
    ctx.logger.error({ err: error }, 'survey answer recorded, finishing it failed; the job retries');
  }
  const settings = tenantId ? await ctx.settingsOf(tenantId) : null;
  return { message: 'Dziękujemy za odpowiedź!', reviewUrl: settings?.reviewUrl ?? null };
}

/** the anonymous response written, the token unlinked, a detractor alerted, the survey's key shredded (idempotent) */
export async function finishSurvey(ctx: SurveyContext, surveyId: string): Promise<void> {
  const events = await ctx.eventStore.readStream(toSurveyStreamId(surveyId));
  const answered = events.find((e) => e.type === 'SurveyAnswered') as
    (SurveyEvent & { type: 'SurveyAnswered' }) | undefined;
  if (answered && answered.data.answer !== SHREDDED) {
    const answer = JSON.parse(answered.data.answer) as SurveyAnswer;
    await ctx.responses.upsert({
      _id: answer.responseId,
      tenantId: answer.tenantId,
      programId: answer.programId,
      score: answer.score,
      comment: answer.comment,
      visitWeek: answer.visitWeek,
    });
    const recorded: SurveyResponseRecordedData = {
      responseId: answer.responseId,
      tenantId: answer.tenantId,
      programId: answer.programId,
      score: answer.score,
      visitWeek: answer.visitWeek,
    };
    let first = true;
    try {
      await ctx.eventStore.appendToStream(
        toResponseStreamId(answer.responseId),
        [{ type: 'SurveyResponseRecorded', data: recorded, metadata: { tenantId: answer.tenantId } }],
        { expectedRevision: 'no_stream' },
      );
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      first = false; // recorded by an earlier run
    }
    if (first && answer.score <= NpsBands.detractorMax) await alertDetractor(ctx, answer);
    for (const token of await ctx.tokens.find({ surveyId }))
      await ctx.tokens.upsert({ ...token, surveyId: null, status: 'answered' });
  }
  // the survey's personal link (client, card, user, visit time) and the sealed answer become unreadable
  if (answered) await ctx.keys.shred(surveyId);
  await ctx.scheduler.cancel(`finish-${surveyId}`);
}

/** the company's alert address (or contact) told of a detractor's answer */
async function alertDetractor(ctx: SurveyContext, answer: SurveyAnswer) {
  const [settings, tenant] = await Promise.all([
    ctx.settingsOf(answer.tenantId),
    ctx.copies.tenant(answer.tenantId),
  ]);
  const to = settings.alertEmail ?? tenant?.contactEmail ?? null;
  if (!to || !tenant) return;
  await ctx.mailer.send(
    detractorAlertMail({
      to,
      companyName: tenant.companyName,
      score: answer.score,
      comment: answer.comment,
      panelUrl: `${ctx.config.PUBLIC_URL}/panel/ankiety`,
    }),
  );
}

/**
 * Answering a one-time link. The answer is first recorded in the survey's stream, sealed with the survey's
 * key (so an accepted answer is never lost); `finish` then writes the anonymous response (document + its own
 * stream, published as SurveyResponseRecorded), unlinks the token, alerts the company about a detractor and
 * shreds the survey's key — after which nothing in the service leads from the person to the answer. `finish`
 * is idempotent and is also a scheduled job (set before the answer is recorded), so a crash in between is
 * finished on the next run.
 */
export function surveyAnswers(ctx: SurveyContext) {
  const finish = (surveyId: string) => finishSurvey(ctx, surveyId);

  return {
    view: (token: string) => viewSurvey(ctx, token),
    respond: (token: string, body: SurveyAnswerRequest) => answerSurvey(ctx, token, body),
    finish,
    jobs: {
      [JobTypes.finish]: async (job: { payload: unknown }) =>
        finish((job.payload as { surveyId: string }).surveyId),
    },
  };
}
