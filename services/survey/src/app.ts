import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { SurveyConfig } from './config';

/**
 * Survey service: NPS survey scheduling, tokens, anonymous responses, NPS results.
 */
export type SurveyDeps = ServiceDeps<SurveyConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'survey-', topic: Topics.surveySurveys }];

export async function buildApp(deps: SurveyDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('survey', deps);
  return app;
}
