import type { FastifyInstance } from 'fastify';
import { routeMethods } from '../http/method-not-allowed';
import { acceptEmptyJsonBodies } from '../http/server';
import { httpMetricsPlugin } from '../observability/http-metrics';
import { registerServiceScope, type BuiltService, type ScopeDeps } from './service-server';

/**
 * A service as an encapsulated plugin of another server (the gateway's, when several modules share one
 * process: ADR 0036), with what its own server would give its routes: the empty JSON body taken as no body,
 * its 1 MiB limit on bodies but uploads (the gateway's root hooks refuse larger ones before they are read;
 * a route or content-type parser of the service with a smaller limit keeps it), its logger on every
 * request's log lines, 405 for a method only a less literal route of another method would take
 * (method-not-allowed.ts), its HTTP metrics, token verification and CSRF. The hosting server's hooks (request ids, tracing, security headers, rate
 * limit, maintenance) and its error handler — the same one every service's server installs — wrap it.
 */
export function mountedPlugin<T>(
  deps: ScopeDeps<T>,
  built: Pick<BuiltService, 'routes' | 'verificationKeys'>,
): (scope: FastifyInstance) => Promise<void> {
  return async (scope) => {
    acceptEmptyJsonBodies(scope);
    // the request's one child logger is the service's (Fastify makes it per route context), not a second
    // child made in a hook after the host's
    scope.setChildLoggerFactory((_host, bindings, options) => deps.logger.child(bindings, options));
    routeMethods(scope);
    if (deps.metrics) await scope.register(httpMetricsPlugin, { metrics: deps.metrics });
    await registerServiceScope(scope, deps, built);
  };
}
