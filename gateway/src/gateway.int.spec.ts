import { createLogger } from '@punkto/platform/observability/logger';
import { createMetrics } from '@punkto/platform/observability/metrics';
import { parsePrometheusText } from '@punkto/platform/testing/prometheus-text';
import { initTracing } from '@punkto/platform/observability/tracing';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';
import { MaintenanceSwitch } from './maintenance';

initTracing('gateway-test');
const services = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'] as const;

/** A real HTTP server per service that says who answered and what it received. */
async function startUpstream(name: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.all('/*', async (request) => {
    if (request.url.startsWith('/slow')) await new Promise((r) => setTimeout(r, 2000));
    return { service: name, url: request.url, method: request.method, headers: request.headers };
  });
  app.all('/api/v1/tenants/slow', async () => {
    await new Promise((r) => setTimeout(r, 1500));
    return { late: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

describe('gateway', () => {
  const upstreams: Record<string, { app: FastifyInstance; url: string }> = {};
  let gateway: FastifyInstance;
  let maintenance: MaintenanceSwitch;
  const dist = mkdtempSync(join(tmpdir(), 'punkto-dist-'));
  const flag = join(dist, 'maintenance.flag');
  const metrics = createMetrics('gateway', { processMetrics: false });

  beforeAll(async () => {
    for (const s of services) upstreams[s] = await startUpstream(s);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="pl"><title>Punkto</title><div id="root"></div></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(
      join(dist, 'home.html'),
      '<!doctype html><html lang="pl"><title>Punkto</title><div id="root"><h1>Karty lojalnościowe</h1></div></html>',
    );
    mkdirSync(join(dist, 'blog', 'jak-punkto-pomaga-malym-firmom'), { recursive: true });
    writeFileSync(
      join(dist, 'blog', 'jak-punkto-pomaga-malym-firmom', 'index.html'),
      '<!doctype html><html lang="pl"><meta property="og:title" content="Jak Punkto pomaga"><div id="root"></div></html>',
    );
    const config = GatewayEnv.parse({
      IDENTITY_URL: upstreams.identity!.url,
      TENANT_URL: upstreams.tenant!.url,
      CARD_LEDGER_URL: upstreams['card-ledger']!.url,
      BILLING_URL: 'http://127.0.0.1:1', // nobody listens: upstream down
      SURVEY_URL: upstreams.survey!.url,
      NOTIFICATION_URL: upstreams.notification!.url,
      WEB_DIST_DIR: dist,
      UPSTREAM_TIMEOUT_MS: '500',
      RATE_LIMIT_PER_MINUTE: '1000',
    });
    maintenance = new MaintenanceSwitch(false, flag, 10_000);
    gateway = await buildGateway({
      config,
      logger: createLogger('gateway', 'silent'),
      maintenance,
      metrics,
    });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway.close();
    for (const u of Object.values(upstreams)) await u.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  // every path of SPEC §7 reaches the service that owns it (ARCHITECTURE §1)
  it.each([
    ['POST', '/api/v1/users/login', 'identity'],
    ['GET', '/api/v1/users/refresh', 'identity'],
    ['DELETE', '/api/v1/users/me', 'identity'],
    ['POST', '/api/v1/tenants/create', 'tenant'],
    ['GET', '/api/v1/tenants/t1/get-clients?pageNumber=1', 'tenant'],
    ['PUT', '/api/v1/tenants/t1/loyalty-programs/p1', 'tenant'],
    ['PATCH', '/api/v1/tenants/t1/employees/e1/permissions', 'tenant'],
    ['DELETE', '/api/v1/tenants/delete-tenant', 'tenant'],
    ['GET', '/api/v1/permissions', 'tenant'],
    ['GET', '/api/v1/enrolment-links/AB3D9', 'tenant'],
    ['GET', '/api/v1/cards?cardId=c1', 'card-ledger'],
    ['POST', '/api/v1/cards/c1/redeem-reward', 'card-ledger'],
    ['GET', '/api/v1/customers/my-history?pageNumber=1&pageSize=20', 'card-ledger'],
    ['GET', '/api/v1/analytics/t1?preset=last30', 'card-ledger'],
    ['GET', '/api/v1/surveys/tok123', 'survey'],
    ['POST', '/api/v1/surveys/tok123/respond', 'survey'],
    ['POST', '/api/v1/feedback', 'notification'],
  ])('%s %s → %s', async (method, url, service) => {
    const res = await gateway.inject({
      method: method as 'GET',
      url,
      ...(method !== 'GET' && { payload: {} }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service, url, method });
  });

  it.each([
    '/api/v1/tenants/t1/tenant-subscription',
    '/api/v1/tenants/t1/tenant-payment-method',
    '/api/v1/subscriptions/list-available-subscriptions',
    '/api/v1/invoices/all/t1',
  ])('billing paths go to billing (%s), which is down here: JSON 502', async (url) => {
    const res = await gateway.inject(url);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      localizedMessage: expect.stringContaining('niedostępna'),
    });
  });

  it("exposes no metrics, neither its own nor a service's: /metrics and its look-alikes are 404 from nobody", async () => {
    for (const url of ['/metrics', '/metrics?format=text', '/api/metrics', '/api/v1/metrics']) {
      for (const accept of ['text/plain', 'text/html']) {
        const res = await gateway.inject({ url, headers: { accept } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('punkto_');
        expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
        expect(res.json(), url).not.toHaveProperty('service');
      }
    }
    // while its own metrics, kept for its own listener, count requests by route pattern
    const text = parsePrometheusText((await metrics.exposition()).body);
    expect(text.sum('punkto_http_requests_total', { route: '/metrics', status_class: '4xx' })).toBe(4);
  });

  it('answers a slow upstream with a JSON 504, never a hang', async () => {
    const started = Date.now();
    const res = await gateway.inject('/api/v1/tenants/slow');
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it("serves identity's public keys at /.well-known/jwks.json, as the API document says", async () => {
    const res = await gateway.inject({ url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service: 'identity', url: '/.well-known/jwks.json' });
    expect((await gateway.inject({ method: 'POST', url: '/.well-known/jwks.json' })).json().service).not.toBe(
      'identity',
    );
  });

  it('answers an unknown API path with a JSON 404 without calling anyone', async () => {
    const res = await gateway.inject('/api/v1/unknown/thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await gateway.inject('/api/nothing')).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('forwards request id and continues the trace', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const res = await gateway.inject({
      url: '/api/v1/users/me',
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01`, 'x-request-id': 'abc-12345678' },
    });
    const seen = res.json().headers;
    expect(seen['x-request-id']).toBe('abc-12345678');
    expect(seen.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(seen.traceparent).not.toContain('b7ad6b7169203331'); // the gateway's own span is the parent
    expect(res.headers['x-trace-id']).toBe(traceId);
  });

  it('answers the maintenance status, and 503 for API calls during maintenance', async () => {
    expect((await gateway.inject('/api/v1/maintenance/status')).json()).toEqual({ maintenanceMode: false });
    writeFileSync(flag, '');
    await maintenance.check();
    try {
      expect((await gateway.inject('/api/v1/maintenance/status')).json()).toEqual({ maintenanceMode: true });
      const res = await gateway.inject('/api/v1/users/me');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        underMaintenance: true,
        message: 'Application is under maintenance',
        statusUrl: '/status-konserwacji',
      });
      expect(
        (await gateway.inject({ url: '/status-konserwacji', headers: { accept: 'text/html' } })).statusCode,
      ).toBe(200);
    } finally {
      rmSync(flag);
      await maintenance.check();
    }
    expect((await gateway.inject('/api/v1/users/me')).statusCode).toBe(200);
  });

  it('serves the SPA with history fallback and long-lived asset caching', async () => {
    const deep = await gateway.inject({ url: '/zaloguj?type=customer', headers: { accept: 'text/html' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const asset = await gateway.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await gateway.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('serves the SPA for short enrolment links /k/<code>, scanned (HTML) or typed in lower case', async () => {
    for (const url of ['/k/AB3D9', '/k/ab3d9', '/k/ab%203d9']) {
      const res = await gateway.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the pre-compressed copy of an asset to a client that accepts it', async () => {
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    const br = await gateway.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await gateway.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('stays ready itself while an upstream is down, and names the upstream in the deep check', async () => {
    expect((await gateway.inject('/readyz')).statusCode).toBe(200);
    const deep = await gateway.inject('/readyz/upstreams');
    expect(deep.statusCode).toBe(503);
    const checks = deep.json().checks;
    expect(checks).toMatchObject({ identity: 'ok', tenant: 'ok', survey: 'ok' });
    expect(checks.billing).not.toBe('ok');
  });

  it('answers the public status: every service by name, up or down, with latency and no internal URLs', async () => {
    const res = await gateway.inject('/api/v1/status');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['checkedAt', 'services']);
    expect(Date.now() - Date.parse(body.checkedAt)).toBeLessThan(10_000);
    expect(body.services.map((s: { name: string }) => s.name)).toEqual(['gateway', ...services]);
    for (const service of body.services) {
      expect(Object.keys(service).sort()).toEqual(['latencyMs', 'name', 'status']);
      expect(Number.isInteger(service.latencyMs) && service.latencyMs >= 0).toBe(true);
      expect(service.status).toBe(service.name === 'billing' ? 'down' : 'up');
    }
    expect(res.body).not.toMatch(/https?:|127\.0\.0\.1|localhost|ECONNREFUSED|fetch failed/i);
  });

  it('keeps answering the public status during maintenance', async () => {
    writeFileSync(flag, '');
    await maintenance.check();
    try {
      const res = await gateway.inject('/api/v1/status');
      expect(res.statusCode).toBe(200);
      expect(res.json().services).toHaveLength(services.length + 1);
    } finally {
      rmSync(flag);
      await maintenance.check();
    }
  });

  it('serves pages pre-rendered at build time (the landing page on /) on their clean path, and never outside dist', async () => {
    const html = { accept: 'text/html' };
    for (const url of ['/blog/jak-punkto-pomaga-malym-firmom', '/blog/jak-punkto-pomaga-malym-firmom/']) {
      const res = await gateway.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('og:title');
    }
    const other = await gateway.inject({ url: '/blog/nie-ma-takiego', headers: html });
    expect(other.body).not.toContain('og:title'); // the SPA shell, which shows its not-found page
    const home = await gateway.inject({ url: '/', headers: html });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<h1>Karty lojalnościowe</h1>'); // the landing page rendered at build time
    const deepLink = await gateway.inject({ url: '/zaloguj', headers: html });
    expect(deepLink.body).toContain('<div id="root"></div>'); // other routes: the empty shell
    const escape = await gateway.inject({ url: '/blog/..%2F..%2F..%2Fetc', headers: html });
    expect(escape.statusCode).toBe(200);
    expect(escape.body).toContain('<div id="root">');
  });

  it('sets security headers', async () => {
    const res = await gateway.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('publishes the OpenAPI 3.1 document and a docs page', async () => {
    const json = await gateway.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
    expect(json.json().paths['/api/v1/maintenance/status']).toBeDefined();
    const page = await gateway.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('gateway public status', () => {
  it('probes each service once for a burst of visitors and reports a failing /readyz as down', async () => {
    const calls: string[] = [];
    const readyzStatus = async (url: string) => {
      calls.push(url);
      if (url.includes(':8084')) throw new Error('connect ECONNREFUSED'); // billing unreachable
      return url.includes(':8085') ? 503 : 200; // survey not ready
    };
    const app = await buildGateway({
      config: GatewayEnv.parse({ WEB_DIST_DIR: '/nonexistent' }),
      logger: createLogger('gateway', 'silent'),
      maintenance: new MaintenanceSwitch(false),
      readyzStatus,
    });
    try {
      const answers = await Promise.all([1, 2, 3].map(() => app.inject('/api/v1/status')));
      expect(calls).toHaveLength(services.length);
      const bodies = answers.map((res) => res.json());
      expect(new Set(bodies.map((b) => b.checkedAt)).size).toBe(1);
      const byName = Object.fromEntries(
        bodies[0].services.map((s: { name: string; status: string }) => [s.name, s.status]),
      );
      expect(byName).toEqual({
        gateway: 'up',
        identity: 'up',
        tenant: 'up',
        'card-ledger': 'up',
        billing: 'down',
        survey: 'down',
        notification: 'up',
      });
    } finally {
      await app.close();
    }
  });
});

describe('gateway rate limit', () => {
  it('answers 429 in the spec shape past the limit', async () => {
    const config = GatewayEnv.parse({ RATE_LIMIT_PER_MINUTE: '3', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildGateway({
      config,
      logger: createLogger('gateway', 'silent'),
      maintenance: new MaintenanceSwitch(false),
    });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await app.inject('/api/v1/maintenance/status')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await app.inject('/api/v1/maintenance/status');
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      localizedMessage: expect.stringContaining('Zbyt wiele'),
    });
    await app.close();
  });
});
