import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from './config';

/**
 * Identity service: users, credentials, sessions, activation and reset tokens, preferences, token signing (JWKS).
 */
export type IdentityDeps = ServiceDeps<IdentityConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'user-', topic: Topics.identityUsers }];

export async function buildApp(deps: IdentityDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('identity', deps);
  return app;
}
