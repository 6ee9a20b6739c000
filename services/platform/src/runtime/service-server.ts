import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { csrfPlugin } from '../http/csrf-plugin';
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
  config: TConfig & {
    AUTH_ISSUER: string;
    AUTH_AUDIENCE: string;
    /** origins trusted besides the request's own by the CSRF check (csrf-plugin.ts) */
    CSRF_ALLOWED_ORIGINS?: readonly string[];
  };
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
 * routes, the bus consumers and the scheduled jobs all hold that same instance (docs/how-a-service-is-built.md).
 * The service creates no server: its host registers `routes` in a scope that already verifies tokens and
 * checks CSRF — a server of its own (`standaloneServer`, run alone) or an encapsulated plugin of the
 * gateway's server (`mountedPlugin`, several modules in one process; ADR 0036).
 */
export interface BuiltService {
  /** registers the service's routes (and their hooks, parsers, decorations) in the scope it is given */
  routes: (scope: FastifyInstance) => Promise<void>;
  /**
   * the keys access tokens are verified with, when this service issues them (identity: its own key set,
   * never fetched over HTTP); the host also hands them to the services mounted beside it
   */
  verificationKeys?: JWTVerifyGetKey;
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

/** What a scope of a service's routes is made from: the server around it needs the rest (its stores' readiness). */
export type ScopeDeps<T> = Pick<ServiceDeps<T>, 'config' | 'logger' | 'jwks' | 'revocations' | 'metrics'>;

/**
 * What every scope a service's routes are registered in has: token verification (identity's keys, or the
 * service's own when it issues them) and the CSRF check, then the service's routes.
 */
export async function registerServiceScope<T>(
  scope: FastifyInstance,
  deps: ScopeDeps<T>,
  built: Pick<BuiltService, 'routes' | 'verificationKeys'>,
): Promise<void> {
  await scope.register(authPlugin, {
    keys: built.verificationKeys ?? deps.jwks,
    issuer: deps.config.AUTH_ISSUER,
    audience: deps.config.AUTH_AUDIENCE,
    ...(deps.revocations && { isRevoked: deps.revocations.isRevoked }),
  });
  await scope.register(csrfPlugin, { allowedOrigins: deps.config.CSRF_ALLOWED_ORIGINS ?? [] });
  await built.routes(scope);
}

/**
 * A service on a server of its own (run alone behind a proxying gateway, and the services' test kits):
 * health/readiness over its stores, HTTP metrics by route pattern with `deps.metrics`, then its scope.
 */
export async function standaloneServer<T>(
  service: string,
  deps: ServiceDeps<T>,
  built: BuiltService,
): Promise<FastifyInstance> {
  const app = createServer({
    service,
    logger: deps.logger,
    readiness: readinessOf(deps.infra),
    metrics: deps.metrics,
  });
  await registerServiceScope(app, deps, built);
  return app;
}

/**
 * A service built and given a server of its own, as its test kits and tools use it: what `build` returned,
 * with `app` (not listening; `inject`, or `listen` where a test needs a port).
 */
export async function buildStandalone<D extends ServiceDeps<unknown>, B extends BuiltService>(
  service: string,
  build: (deps: D) => Promise<B>,
  deps: D,
): Promise<B & { app: FastifyInstance }> {
  const built = await build(deps);
  return Object.assign(built, { app: await standaloneServer(service, deps, built) });
}
