import rateLimit from '@fastify/rate-limit';
import { getMaintenanceStatus, getPublicStatus } from '@punkto/contracts/endpoints/platform';
import { ErrorCodes } from '@punkto/contracts/errors';
import type { PublicStatusResponse } from '@punkto/contracts/maintenance';
import { MaintenanceError, NotFoundError, PayloadTooLargeError } from '@punkto/platform/errors/errors';
import { Transform } from 'node:stream';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import { createServer, DEFAULT_BODY_LIMIT } from '@punkto/platform/http/server';
import type { Logger } from '@punkto/platform/observability/logger';
import type { Metrics } from '@punkto/platform/observability/metrics';
import type { MountedModule } from '@punkto/platform/runtime/host';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentOrigins, upstreamsOf, type GatewayConfig, type Upstreams } from './config';
import { registerApiDocs } from './docs';
import { registerErrorReporting } from './error-reporting';
import { httpStatus } from './http-status';
import type { MaintenanceSwitch } from './maintenance';
import { registerApiProxy, registerDevMailboxProxy, registerJwksProxy, traceUpstreamCalls } from './proxy';
import { registerSecurityHeaders } from './security-headers';
import { registerCrawlerFiles } from './public-site';
import { hasBuiltSpa, publicPagePaths, registerSpa, spaNotFoundHandler } from './spa';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  maintenance: MaintenanceSwitch;
  /** the status of one upstream's `GET /readyz` (http-status.ts); injected so tests can count calls */
  readyzStatus?: (url: string, timeoutMs: number) => Promise<number>;
  /** the process's Prometheus metrics (served by main.ts on METRICS_PORT, never by this app) */
  metrics?: Metrics;
  /**
   * services of this process mounted on the gateway's server (ADR 0036): served in-process, inside the
   * gateway's hooks; the others are proxied to their URLs
   */
  mounted?: readonly Pick<MountedModule, 'name' | 'plugin' | 'readiness'>[];
}

/** Paths that keep working during maintenance (the SPA needs them to explain what is going on). */
const MAINTENANCE_EXEMPT = [
  /^\/api\/v1\/maintenance\/status$/,
  /^\/api\/v1\/status$/,
  /^\/api\/docs/,
  /^\/api\/openapi\.json$/,
];

export async function buildGateway({
  config,
  logger,
  maintenance,
  readyzStatus = httpStatus,
  metrics,
  mounted = [],
}: GatewayDeps): Promise<FastifyInstance> {
  const upstreams = upstreamsOf(config);
  // PayU's secure card form (its SDK script, its field frames, its tokenize calls) when billing uses PayU
  const payments = paymentOrigins(config);
  const spa = hasBuiltSpa(config.WEB_DIST_DIR);
  const app = createServer({
    service: 'gateway',
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: UPLOAD_BODY_LIMIT,
    notFoundHandler: spaNotFoundHandler(spa, config.WEB_DIST_DIR, config.PUBLIC_URL),
    acceptEmptyJsonBody: false,
    metrics,
  });

  // CSP and the other security headers, built once (security-headers.ts)
  registerSecurityHeaders(app, payments);
  registerTransportHeaders(app, config);

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

  refuseOversizedBodies(app);

  // hooks of every request take a callback, not a promise: no promise and no extra turn per request
  app.addHook('onRequest', (request, _reply, done) => {
    if (!maintenance.on || !request.url.startsWith('/api/')) return done();
    const path = request.url.split('?')[0] ?? '';
    if (MAINTENANCE_EXEMPT.some((pattern) => pattern.test(path))) return done();
    done(new MaintenanceError());
  });

  const probe = upstreamProber(upstreams, mounted, readyzStatus);
  registerUpstreamReadiness(app, probe);
  registerPublicStatus(app, probe);
  registerEndpoint(app, getMaintenanceStatus, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { maintenanceMode: maintenance.on };
  });
  await registerErrorReporting(app, {
    browserDsn: config.ERROR_REPORTING_BROWSER_DSN,
    environment: config.ERROR_REPORTING_ENVIRONMENT ?? config.NODE_ENV,
  });
  await registerApiDocs(app);
  await registerServices(app, config, mounted);
  // metrics are served on each process's own listener (ADR 0019), never here: a scraper or a curious visitor
  // pointed at the public gateway gets a plain 404, not the SPA shell that would pass for a page
  app.all('/metrics', { logLevel: 'warn' }, async () => {
    throw new NotFoundError();
  });
  await registerSpa(app, config.WEB_DIST_DIR);
  if (spa) registerCrawlerFiles(app, config.PUBLIC_URL, publicPagePaths(config.WEB_DIST_DIR));
  if (!spa)
    logger.warn({ dir: config.WEB_DIST_DIR }, 'no built SPA found: serving the API only (run npm run build)');
  return app;
}

/**
 * The services: those mounted on this server, each in its own encapsulated scope inside every hook the
 * gateway registered before (ADR 0036), and the proxies to the others' URLs.
 */
async function registerServices(
  app: FastifyInstance,
  config: GatewayConfig,
  mounted: NonNullable<GatewayDeps['mounted']>,
): Promise<void> {
  const here = new Set<string>(mounted.map((module) => module.name));
  const upstreams = upstreamsOf(config);
  const proxied = Object.fromEntries(
    Object.entries(upstreams).filter(([name]) => !here.has(name)),
  ) as Partial<Upstreams>;
  for (const module of mounted) await app.register(module.plugin);
  traceUpstreamCalls(app);
  await registerApiProxy(app, proxied, config.UPSTREAM_TIMEOUT_MS, here);
  // mounted, identity serves its keys and notification its development pages on this server itself
  if (!here.has('identity')) await registerJwksProxy(app, upstreams.identity, config.UPSTREAM_TIMEOUT_MS);
  if (config.DEV_MAILBOX !== 'off' && !here.has('notification'))
    await registerDevMailboxProxy(app, upstreams.notification, config.UPSTREAM_TIMEOUT_MS, {
      loopbackOnly: config.DEV_MAILBOX === 'loopback',
    });
}

/** What an upload (multipart: logo, hero image of at most 5 MB) may send through the gateway. */
export const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * Bodies the services would refuse are refused here, before a byte is forwarded: 413 in the spec's shape
 * (the platform's onSend closes the connection, as the body was not read). Services accept
 * DEFAULT_BODY_LIMIT of JSON; only multipart uploads may be larger. Streamed bodies without a length are
 * limited by the service, whose 413 comes back through the proxy.
 */
function refuseOversizedBodies(app: FastifyInstance): void {
  const limitOf = (request: FastifyRequest) =>
    request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')
      ? UPLOAD_BODY_LIMIT
      : DEFAULT_BODY_LIMIT;
  app.addHook('onRequest', (request, _reply, done) => {
    const length = Number(request.headers['content-length'] ?? 0);
    done(length > limitOf(request) ? new PayloadTooLargeError() : undefined);
  });
  // a streamed body (no Content-Length) is counted on its way upstream and cut at the limit; the proxy then
  // answers 413 instead of the 502 a service closing mid-stream would give (proxy.ts upstreamFailure)
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.headers['content-length'] !== undefined) return done(null, payload);
    const limit = limitOf(request);
    let seen = 0;
    const counted = payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          callback(seen > limit ? new PayloadTooLargeError() : null, chunk);
        },
      }),
    );
    done(null, counted);
  });
}

/**
 * HSTS and `upgrade-insecure-requests` only on HTTPS requests (with TRUST_PROXY, as the load balancer says):
 * over plain HTTP they mean nothing, or lock a browser out of a plain-HTTP install. API answers carry
 * personal data (client lists, histories), so they are `no-store` unless the service chose its own caching.
 */
function registerTransportHeaders(app: FastifyInstance, config: GatewayConfig): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      if (config.NODE_ENV === 'production')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

type UpstreamName = keyof Upstreams;
type Probe = { service: UpstreamName; ok: boolean; detail: string; latencyMs: number };

/**
 * Asks every service whether it is ready, in parallel: a proxied one its `/readyz` (2 s each), a mounted one
 * its readiness checks directly (what its `/readyz` would run); never throws.
 */
function upstreamProber(
  upstreams: Upstreams,
  mounted: readonly Pick<MountedModule, 'name' | 'readiness'>[],
  readyzStatus: (url: string, timeoutMs: number) => Promise<number>,
): () => Promise<Probe[]> {
  const checksOf = new Map(mounted.map((module) => [module.name, module.readiness]));
  const ready = async (service: UpstreamName, url: string): Promise<number> => {
    const checks = checksOf.get(service);
    if (!checks) return readyzStatus(`${url}/readyz`, 2000);
    const failed = await Promise.all(
      Object.values(checks).map((check) =>
        check().then(
          () => false,
          () => true,
        ),
      ),
    );
    return failed.includes(true) ? 503 : 200;
  };
  return () =>
    Promise.all(
      (Object.entries(upstreams) as [UpstreamName, string][]).map(async ([service, url]) => {
        const started = performance.now();
        const latency = () => Math.round(performance.now() - started);
        try {
          const status = await ready(service, url);
          const ok = status >= 200 && status < 300;
          return { service, ok, detail: ok ? 'ok' : `status ${status}`, latencyMs: latency() };
        } catch (error) {
          const detail = error instanceof Error ? error.message : 'unreachable';
          return { service, ok: false, detail, latencyMs: latency() };
        }
      }),
    );
}

/**
 * `/readyz/upstreams`: every service's `/readyz`, naming the failing ones (start scripts, dashboards).
 * Kept apart from the gateway's own `/readyz`, which load balancers use: one unready service must not take
 * every gateway replica out of rotation (docs/operations.md).
 */
function registerUpstreamReadiness(app: FastifyInstance, probe: () => Promise<Probe[]>): void {
  app.get('/readyz/upstreams', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await probe();
    const ok = results.every((result) => result.ok);
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'unavailable',
        service: 'gateway',
        checks: Object.fromEntries(results.map((result) => [result.service, result.detail])),
      });
  });
}

/** How long one round of probes answers `/api/v1/status`: a crowd of visitors costs one probe per service. */
const PUBLIC_STATUS_TTL_MS = 5_000;

/**
 * `GET /api/v1/status`: what the public status page (web `/status`) shows — each service up or down with its
 * probe's latency, and when that was checked. Always 200: the gateway answered, so it is up (its latency is
 * 0 here; the page measures its own round trip). Names only, never internal URLs or error texts. Public,
 * exempt from maintenance mode, and answered from the last round of probes for a few seconds.
 */
function registerPublicStatus(app: FastifyInstance, probe: () => Promise<Probe[]>): void {
  let last: { at: number; status: Promise<PublicStatusResponse> } | undefined;
  const current = (): Promise<PublicStatusResponse> => {
    const now = Date.now();
    if (!last || now - last.at >= PUBLIC_STATUS_TTL_MS) {
      const status = probe().then((results): PublicStatusResponse => ({
        checkedAt: new Date(now).toISOString(),
        services: [
          { name: 'gateway', status: 'up', latencyMs: 0 },
          ...results.map((r) => ({
            name: r.service,
            status: r.ok ? ('up' as const) : ('down' as const),
            latencyMs: r.latencyMs,
          })),
        ],
      }));
      last = { at: now, status };
    }
    return last.status;
  };
  registerEndpoint(app, getPublicStatus, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return current();
  });
}
