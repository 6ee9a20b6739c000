import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { BuiltService, ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { SurveyConfig } from './config';
import { cardEventsConsumer, identityEventsConsumer, tenantEventsConsumer } from './surveys/events.consumer';
import { RESPONSE_STREAM_PREFIX, surveyAnswers } from './surveys/survey-answers';
import { surveyContext, type SurveyContext } from './surveys/survey-context';
import { surveyDelivery } from './surveys/survey-delivery';
import { surveyRoutes } from './surveys/survey.routes';

/**
 * Survey service: NPS survey scheduling, tokens, anonymous responses, NPS results (ADR 0022).
 */
export type SurveyDeps = ServiceDeps<SurveyConfig>;

/**
 * Streams this service owns and the topics their events are published to: ONLY the anonymous responses. The
 * surveys' own streams (`survey-`, the person's link, sealed) and the cadences (`surveycadence-`) stay in the
 * service, so no consumer can line a survey up with its response.
 */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: RESPONSE_STREAM_PREFIX, topic: Topics.surveySurveys },
];

export async function buildService(
  deps: SurveyDeps,
): Promise<BuiltService & { surveys: SurveyContext; delivery: ReturnType<typeof surveyDelivery> }> {
  const { infra, clock, logger } = deps;
  const ctx = await surveyContext({
    eventStore: infra.eventStore,
    documents: infra.documents,
    scheduler: infra.scheduler,
    mailer: infra.mailer,
    config: deps.config,
    logger,
    clock,
  });
  const delivery = surveyDelivery(ctx);
  const answers = surveyAnswers(ctx);
  const routes = (app: FastifyInstance) => surveyRoutes(app, ctx, answers);
  const context = consumerContext(deps);
  return {
    routes,
    surveys: ctx,
    delivery,
    consumers: [
      cardEventsConsumer(ctx.copies, delivery.visited, context),
      tenantEventsConsumer(ctx.copies, context),
      identityEventsConsumer(ctx.copies, context),
    ],
    jobs: { ...delivery.jobs, ...answers.jobs },
  };
}
