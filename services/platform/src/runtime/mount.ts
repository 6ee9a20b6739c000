import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies, DEFAULT_BODY_LIMIT } from '../http/server';
import { httpMetricsPlugin } from '../observability/http-metrics';
import { registerServiceScope, type BuiltService, type ServiceDeps } from './service-server';

/**
 * A service as an encapsulated plugin of another server (the gateway's, when several modules share one
 * process: ADR 0036), with what its own server would give its routes: the empty JSON body taken as no body,
 * its 1 MiB body limit on every route that sets none, its logger on every request's log lines, its HTTP
 * metrics, token verification and CSRF. The hosting server's hooks (request ids, tracing, security headers,
 * rate limit, maintenance) and its error handler — the same one every service's server installs — wrap it.
 */
export function mountedPlugin<T>(
  deps: ServiceDeps<T>,
  built: BuiltService,
): (scope: FastifyInstance) => Promise<void> {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit ??= DEFAULT_BODY_LIMIT;
    });
    acceptEmptyJsonBodies(scope);
    scope.addHook('onRequest', (request, _reply, done) => {
      request.log = deps.logger.child({ reqId: request.id });
      done();
    });
    if (deps.metrics) await scope.register(httpMetricsPlugin, { metrics: deps.metrics });
    await registerServiceScope(scope, deps, built);
  };
}
