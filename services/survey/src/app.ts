import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import {
  createServiceServer,
  type BuiltService,
  type ServiceDeps,
} from '@punkto/platform/runtime/service-server';
import type { SurveyConfig } from './config';

/**
 * Survey service: NPS survey scheduling, tokens, anonymous responses, NPS results.
 */
export type SurveyDeps = ServiceDeps<SurveyConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'survey-', topic: Topics.surveySurveys }];

export async function buildService(deps: SurveyDeps): Promise<BuiltService> {
  return { app: await createServiceServer('survey', deps) };
}
