import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { getMaintenanceStatus } from '@punkto/contracts/endpoints/platform';
import { ErrorCodes } from '@punkto/contracts/errors';
import { MaintenanceError } from '@punkto/platform/errors/errors';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import { createServer } from '@punkto/platform/http/server';
import type { Logger } from '@punkto/platform/observability/logger';
import type { FastifyInstance } from 'fastify';
import { upstreamsOf, type GatewayConfig, type Upstreams } from './config';
import { registerApiDocs } from './docs';
import type { MaintenanceSwitch } from './maintenance';
import { registerApiProxy, registerDevMailboxProxy } from './proxy';
import { hasBuiltSpa, registerSpa, spaNotFoundHandler } from './spa';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  maintenance: MaintenanceSwitch;
  /** readiness probe of one upstream; injected so tests can count calls */
  fetch?: typeof fetch;
}

/** Paths that keep working during maintenance (the SPA needs them to explain what is going on). */
const MAINTENANCE_EXEMPT = [/^\/api\/v1\/maintenance\/status$/, /^\/api\/docs/, /^\/api\/openapi\.json$/];

export async function buildGateway({
  config,
  logger,
  maintenance,
  fetch: fetchImpl = fetch,
}: GatewayDeps): Promise<FastifyInstance> {
  const upstreams = upstreamsOf(config);
  const spa = hasBuiltSpa(config.WEB_DIST_DIR);
  const app = createServer({
    service: 'gateway',
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
    notFoundHandler: spaNotFoundHandler(spa, config.WEB_DIST_DIR),
    acceptEmptyJsonBody: false,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables in style attributes
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ErrorCodes.rateLimited,
      localizedMessage: `Zbyt wiele żądań. Spróbuj ponownie za ${Math.ceil(context.ttl / 1000)} s.`,
      status: 429,
    }),
  });

  app.addHook('onRequest', async (request) => {
    if (!maintenance.on || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0] ?? '';
    if (MAINTENANCE_EXEMPT.some((pattern) => pattern.test(path))) return;
    throw new MaintenanceError();
  });

  registerUpstreamReadiness(app, upstreams, fetchImpl);
  registerEndpoint(app, getMaintenanceStatus, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { maintenanceMode: maintenance.on };
  });
  await registerApiDocs(app);
  await registerApiProxy(app, upstreams, config.UPSTREAM_TIMEOUT_MS);
  if (config.DEV_MAILBOX) await registerDevMailboxProxy(app, upstreams, config.UPSTREAM_TIMEOUT_MS);
  await registerSpa(app, config.WEB_DIST_DIR);
  if (!spa)
    logger.warn({ dir: config.WEB_DIST_DIR }, 'no built SPA found: serving the API only (run npm run build)');
  return app;
}

/**
 * `/readyz/upstreams`: asks every service's `/readyz` in parallel (2 s each) and names the failing ones.
 * Kept apart from the gateway's own `/readyz`, which load balancers use: one unready service must not take
 * every gateway replica out of rotation (docs/operations.md).
 */
function registerUpstreamReadiness(
  app: FastifyInstance,
  upstreams: Upstreams,
  fetchImpl: typeof fetch,
): void {
  app.get('/readyz/upstreams', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all(
      Object.entries(upstreams).map(async ([service, url]) => {
        try {
          const res = await fetchImpl(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
          return [service, res.ok ? 'ok' : `status ${res.status}`] as const;
        } catch (error) {
          return [service, error instanceof Error ? error.message : 'unreachable'] as const;
        }
      }),
    );
    const ok = results.every(([, status]) => status === 'ok');
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', service: 'gateway', checks: Object.fromEntries(results) });
  });
}
