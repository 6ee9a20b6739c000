import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { EventStore } from '../event-store/event-store.port';
import type { AccessRevocations } from '../http/access-revocations';
import type { JobHandler } from '../scheduler/scheduler.port';
import { authPlugin } from '../http/auth-plugin';
import { createServer } from '../http/server';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { readinessOf, type Infrastructure } from './infrastructure';
import type { ConsumerSpec } from './run-service';

/** The process's one clock: every service, route, consumer and job reads time from it (tests move it). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** What every service's `buildService` receives from its composition root (bootService, or a test kit). */
export interface ServiceDeps<TConfig> {
  config: TConfig & { AUTH_ISSUER: string; AUTH_AUDIENCE: string };
  logger: Logger;
  infra: Infrastructure;
  /** identity's public keys (remote JWKS in production, a local key set in tests) */
  jwks: JWTVerifyGetKey;
  /** revoked sessions and users (bootService builds it and runs its consumer; tests may leave it out) */
  revocations?: AccessRevocations;
  clock: Clock;
  /** the process's Prometheus metrics (bootService creates them; tests may leave them out) */
  metrics?: Metrics;
}

/**
 * A service as its `buildService` returns it: the application object is built once per process and the HTTP
 * app, the bus consumers and the scheduled jobs all hold that same instance (docs/how-a-service-is-built.md).
 */
export interface BuiltService {
  app: FastifyInstance;
  consumers?: ConsumerSpec[];
  jobs?: Record<string, JobHandler>;
  /** the view of the event store the relay publishes from (default: the store itself; see ADR 0006) */
  relayEventStore?: EventStore;
  /**
   * Work the service can serve without but would rather have done before a request needs it (generating a
   * development signing key, …): started by its host once every module of the process is up, so it never
   * delays readiness; never awaited by anything that serves, which does the same work itself on first use.
   * A failure is logged.
   */
  warmUp?: () => Promise<void>;
}

/** identity's JWKS, fetched lazily and cached by jose (refetched on an unknown `kid`). */
export const remoteJwks = (url: string): JWTVerifyGetKey =>
  createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000 });

/**
 * The server every service starts from: health/readiness over its stores, token verification and, with
 * `deps.metrics`, HTTP metrics by route pattern.
 */
export async function createServiceServer<T>(
  service: string,
  deps: ServiceDeps<T>,
): Promise<FastifyInstance> {
  const app = createServer({
    service,
    logger: deps.logger,
    readiness: readinessOf(deps.infra),
    metrics: deps.metrics,
  });
  await app.register(authPlugin, {
    keys: deps.jwks,
    issuer: deps.config.AUTH_ISSUER,
    audience: deps.config.AUTH_AUDIENCE,
    ...(deps.revocations && { isRevoked: deps.revocations.isRevoked }),
  });
  return app;
}
