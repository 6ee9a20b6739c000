import { loadConfig } from '@punkto/platform/config/config';
import { createServer } from '@punkto/platform/http/server';
import { createLogger } from '@punkto/platform/observability/logger';
import { closedWithin, exchange, openSocket } from '@punkto/platform/testing/raw-http';
import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet } from 'jose';
import { mountedPlugin } from '@punkto/platform/runtime/mount';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_DOCS_CSP, PERMISSIONS_POLICY, SANDBOX_CSP, withCsp } from './testing/pinned-security-headers';
import { buildGateway } from './app';
import { GatewayEnv, type GatewayConfig } from './config';
import { MaintenanceSwitch } from './maintenance';

// Issue 15: findings 1 (dev mailbox), 2 (Expect: 100-continue), 3 (large bodies), 9 (framework error shapes)
// and 11 (transport headers), each through a gateway that proxies to real services built like ours.

const logger = createLogger('gateway-test', 'silent');
const services = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'] as const;

/** The routes of a fake service, each under the service the gateway's router sends its path to. */
function serviceRoutes(name: (typeof services)[number]) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: 12 * 1024 * 1024 },
      (_r, b, done) => done(null, b),
    );
    if (name === 'identity')
      app.post('/api/v1/users/login', async (request) => ({ service: name, body: request.body }));
    if (name === 'tenant') {
      app.post('/api/v1/tenants/:id/upload-logo', async (request) => ({
        service: name,
        received: (request.body as Buffer).length,
      }));
      app.get('/api/v1/tenants/:id', async (request) => ({ id: (request.params as { id: string }).id }));
      // a real path of the API (the gateway routes by the contracts), answered with the service's own caching (images)
      app.get('/api/v1/tenants/:id/images/:file', async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=3600').send({ cached: true }),
      );
    }
    if (name === 'notification') {
      // a form of at most 4 kB, as the unsubscribe page takes: the parser's own limit
      await app.register(async (scope) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: 4096 },
          (_r, body, done) => done(null, { raw: body }),
        );
        scope.post('/api/v1/notifications/unsubscribe/:token', async () => ({ unsubscribed: true }));
      });
      app.get('/dev/mailbox', async (_request, reply) => reply.type('text/html').send('<h1>Skrzynka</h1>'));
      app.get('/dev/wallet', async (_request, reply) => reply.type('text/html').send('<h1>Portfele</h1>'));
    }
  };
}

/** An upstream built from the platform's server factory, as every service is. */
async function startService(name: (typeof services)[number]): Promise<{ app: FastifyInstance; url: string }> {
  const app = createServer({ service: name, logger });
  await serviceRoutes(name)(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

const upstreams: Record<string, { app: FastifyInstance; url: string }> = {};
const gateways: FastifyInstance[] = [];

/**
 * The two shapes of the gateway (ADR 0036): `proxying` the services that run on servers of their own (the
 * distributed mode), or `mounted`, the services registered on its own server as `npm start` runs them.
 */
type Shape = 'proxying' | 'mounted';

/** the same fake services as plugins of the gateway's server, as the host mounts them */
const mountedServices = () =>
  services.map((name) => ({
    name,
    plugin: mountedPlugin(
      {
        config: { AUTH_ISSUER: 'punkto-identity', AUTH_AUDIENCE: 'punkto' },
        logger,
        jwks: createLocalJWKSet({ keys: [] }),
      },
      { routes: serviceRoutes(name) },
    ),
    readiness: {},
  }));

async function gatewayWith(env: Record<string, string>, shape: Shape = 'proxying'): Promise<FastifyInstance> {
  const config: GatewayConfig = GatewayEnv.parse({
    IDENTITY_URL: upstreams.identity!.url,
    TENANT_URL: upstreams.tenant!.url,
    CARD_LEDGER_URL: upstreams['card-ledger']!.url,
    BILLING_URL: upstreams.billing!.url,
    SURVEY_URL: upstreams.survey!.url,
    NOTIFICATION_URL: upstreams.notification!.url,
    WEB_DIST_DIR: '',
    RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const gateway = await buildGateway({
    config,
    logger,
    maintenance: new MaintenanceSwitch(false),
    ...(shape === 'mounted' && { mounted: mountedServices() }),
  });
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  for (const s of services) upstreams[s] = await startService(s);
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  for (const u of Object.values(upstreams)) await u.app.close();
});

describe.each<Shape>(['proxying', 'mounted'])(
  'gateway %s: request bodies and connections (finding 3)',
  (shape) => {
    let url: string;
    beforeAll(async () => {
      url = await (await gatewayWith({}, shape)).listen({ port: 0, host: '127.0.0.1' });
    });

    const port = () => new URL(url).port;
    const login = `POST /api/v1/users/login HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n`;
    const small = `${login}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const tooLarge = {
      code: 'PAYLOAD_TOO_LARGE',
      localizedMessage: 'Przesłane dane są zbyt duże.',
      status: 413,
    };

    it.each([3, 10])(
      'answers a %i MB JSON body 413 in the spec shape at once, and the same connection answers the next request',
      async (megabytes) => {
        const body = Buffer.alloc(megabytes * 1024 * 1024, 'a');
        const socket = await openSocket(port());
        const res = await exchange(
          socket,
          `${login}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
          body,
        );
        expect(res.status).toBe(413);
        expect(res.ms).toBeLessThan(1000);
        expect(res.headers).toContain('application/json');
        expect(JSON.parse(res.body)).toEqual(tooLarge);
        // the unread body was discarded, not left in front of the next request (which used to hang 20-40 s)
        const again = await exchange(socket, small);
        expect(again.status).toBe(200);
        expect(again.ms).toBeLessThan(1000);
        socket.destroy();
      },
    );

    it('closes the connection after refusing a body too large to discard, and a new one is answered', async () => {
      const socket = await openSocket(port());
      const res = await exchange(
        socket,
        `${login}Content-Type: application/json\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`,
        Buffer.alloc(64 * 1024, 'a'),
      );
      expect(res.status).toBe(413);
      expect(res.headers).toContain('connection: close');
      expect(JSON.parse(res.body)).toEqual(tooLarge);
      expect(await closedWithin(socket, 1000)).toBe(true);
      const next = await openSocket(port());
      expect((await exchange(next, small)).status).toBe(200);
      next.destroy();
    });

    it('a streamed (chunked) body over the limit: the service answers 413 through the proxy, and the client is not left hanging', async () => {
      const socket = await openSocket(port());
      const chunk = Buffer.alloc(256 * 1024, 'a');
      const head = `${login}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const chunks = Buffer.concat(
        Array.from({ length: 12 }, () =>
          Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
        ).concat([Buffer.from('0\r\n\r\n')]),
      );
      const res = await exchange(socket, head, chunks);
      expect(res.status).toBe(413);
      expect(res.ms).toBeLessThan(1000);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
      if (res.headers.includes('connection: close')) {
        expect(await closedWithin(socket, 1000)).toBe(true);
      } else {
        const again = await exchange(socket, small);
        expect(again.status).toBe(200);
        expect(again.ms).toBeLessThan(1000);
      }
      socket.destroy();
    });

    it("keeps a service's own smaller limit (the unsubscribe form's 4 kB)", async () => {
      const post = (size: number) =>
        fetch(`${url}/api/v1/notifications/unsubscribe/t1`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'a'.repeat(size),
        });
      expect((await post(4000)).status).toBe(200);
      const res = await post(5000);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(tooLarge);
    });

    it('keeps the larger limit for uploads only', async () => {
      const boundary = 'x-boundary';
      const file = Buffer.alloc(3 * 1024 * 1024, 1);
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Logo"; filename="l.png"\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await fetch(`${url}/api/v1/tenants/t1/upload-logo`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ service: 'tenant', received: body.length });
    });

    it('forwards a body without Expect: 100-continue, so the service answers instead of a 502 (finding 2)', async () => {
      const body = Buffer.alloc(1.2 * 1024 * 1024, 2);
      const { port } = new URL(url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/tenants/t1/upload-logo',
          headers: {
            expect: '100-continue',
            'content-type': 'multipart/form-data; boundary=b',
            'content-length': body.length,
          },
        });
        req.on('continue', () => req.end(body));
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ service: 'tenant', received: body.length });
    });
  },
);

describe.each<Shape>(['proxying', 'mounted'])(
  'gateway %s and services: framework-level errors in the spec shape (finding 9)',
  (shape) => {
    let url: string;
    beforeAll(async () => {
      url = await (await gatewayWith({}, shape)).listen({ port: 0, host: '127.0.0.1' });
    });

    it('answers a 20 kB URL and 40 kB of headers 431 in JSON and closes the connection', async () => {
      for (const head of [
        `GET /api/v1/tenants/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        `GET /api/v1/permissions HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      ]) {
        const socket = await openSocket(new URL(url).port);
        const res = await exchange(socket, head);
        expect(res.status).toBe(431);
        expect(res.headers).toContain('application/json');
        expect(JSON.parse(res.body)).toEqual({
          code: 'HEADERS_TOO_LARGE',
          localizedMessage: 'Nagłówki lub adres żądania są zbyt duże.',
          status: 431,
        });
        expect(await closedWithin(socket, 1000)).toBe(true);
      }
    });

    it('answers an over-long path parameter 414 URI_TOO_LONG (from the service, through the gateway)', async () => {
      const res = await fetch(`${url}/api/v1/tenants/${'a'.repeat(300)}`);
      expect(res.status).toBe(414);
      expect(await res.json()).toEqual({
        code: 'URI_TOO_LONG',
        localizedMessage: 'Adres żądania jest zbyt długi.',
        status: 414,
      });
    });

    it('answers a broken escape in a path 400 in the spec shape', async () => {
      const direct = await fetch(
        shape === 'proxying'
          ? `${upstreams.tenant!.url}/api/v1/tenants/%E0%A4%A`
          : `${url}/api/v1/tenants/%E0%A4%A`,
      );
      expect(direct.status).toBe(400);
      expect(await direct.json()).toEqual({
        code: 'BAD_REQUEST',
        localizedMessage: 'Nieprawidłowy adres żądania.',
        status: 400,
      });
      const through = await fetch(`${url}/api/v1/tenants/%E0%A4%A`);
      expect(through.status).toBe(400);
      expect(await through.json()).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    });

    it('passes an encoded slash in a path segment as part of one parameter', async () => {
      const res = await fetch(`${url}/api/v1/tenants/a%2fb`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: 'a/b' });
    });
  },
);

describe('gateway: the payment provider in the CSP (issue 17, PayU card form)', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows no third-party origin with the sandbox provider (the default)', async () => {
    const gateway = await gatewayWith({});
    const csp = String(
      (await gateway.inject({ url: '/api/v1/maintenance/status' })).headers['content-security-policy'],
    );
    for (const name of ['script-src', 'connect-src', 'frame-src'])
      expect(directive(csp, name).split(' ').slice(1)).not.toContainEqual(expect.stringMatching(/^https?:/));
    expect(csp).not.toContain('payu');
  });

  it('allows the configured PayU origin for scripts, frames and calls, and nothing else', async () => {
    const gateway = await gatewayWith({
      PAYMENT_PROVIDER: 'payu',
      PAYU_BASE_URL: 'https://secure.snd.payu.com/',
    });
    const csp = String(
      (await gateway.inject({ url: '/api/v1/maintenance/status' })).headers['content-security-policy'],
    );
    for (const name of ['script-src', 'connect-src', 'frame-src'])
      expect(directive(csp, name)).toContain(' https://secure.snd.payu.com');
    expect(csp).not.toContain('https://secure.payu.com');
    expect(directive(csp, 'img-src')).not.toContain('payu');
    expect(directive(csp, 'form-action')).toBe("form-action 'self'");
  });
});

describe('gateway: transport headers (finding 11)', () => {
  it('sends neither HSTS nor upgrade-insecure-requests over plain HTTP, even in production', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'production' });
    const res = await gateway.inject({ url: '/api/v1/maintenance/status' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends both when the request came over HTTPS through a trusted proxy', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    const res = await gateway.inject({
      url: '/api/v1/maintenance/status',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'production' });
    const res = await gateway.inject({
      url: '/api/v1/maintenance/status',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks API answers no-store unless the service chose its own caching', async () => {
    const gateway = await gatewayWith({});
    const personal = await gateway.inject({ url: '/api/v1/tenants/t1' });
    expect(personal.statusCode).toBe(200);
    expect(personal.headers['cache-control']).toBe('no-store');
    const refused = await gateway.inject({ url: '/api/v1/nobody-owns-this' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const own = await gateway.inject({ url: '/api/v1/tenants/t1/images/logo.png' });
    expect(own.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('gateway: the security headers of every kind of answer, built once (issue 19)', () => {
  /** The response's header lines as sent (name as spelled, value), in order. */
  const headerLines = (url: string) =>
    new Promise<{ status: number; lines: Array<[string, string]> }>((resolve, reject) => {
      const req = httpRequest(url, (res) => {
        res.resume();
        const lines: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          lines.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }));
      });
      req.on('error', reject);
      req.end();
    });
  const expected = withCsp(SANDBOX_CSP);

  it('sends the same header lines first on proxied, own, refused and rate-limited answers, request after request', async () => {
    const url = await (
      await gatewayWith({ RATE_LIMIT_PER_MINUTE: '5' })
    ).listen({ port: 0, host: '127.0.0.1' });
    const answers = [];
    for (const path of [
      '/api/v1/tenants/t1', // proxied
      '/api/v1/tenants/t1', // the same again: nothing of one answer leaks into the next
      '/api/v1/maintenance/status', // the gateway's own
      '/api/v1/nobody-owns-this', // refused before any hop
      '/healthz',
      '/not-an-api-path', // no SPA built: the gateway's 404
    ])
      answers.push(await headerLines(`${url}${path}`));
    // the limit counts API calls only: four above, the fifth is allowed, the sixth is not
    for (let i = 0; i < 2; i++) answers.push(await headerLines(`${url}/api/v1/tenants/t1`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 200, 404, 200, 429]);
    for (const { lines } of answers) {
      expect(lines.slice(0, expected.length)).toEqual(expected);
      // each once: no answer carries a second copy of any of them
      for (const [name] of expected)
        expect(lines.filter(([n]) => n.toLowerCase() === name.toLowerCase())).toHaveLength(1);
    }
  });
});

describe('gateway: Permissions-Policy, one frame policy, a docs page that works over plain HTTP (issue 36)', () => {
  const spa = mkdtempSync(join(tmpdir(), 'punkto-headers-spa-'));
  writeFileSync(join(spa, 'index.html'), '<!doctype html><title>Punkto</title><div id="root"></div>');
  afterAll(() => rmSync(spa, { recursive: true, force: true }));
  const https = { 'x-forwarded-proto': 'https' };
  const answers = async (headers: Record<string, string>) => {
    const gateway = await gatewayWith({ NODE_ENV: 'production', TRUST_PROXY: 'true', WEB_DIST_DIR: spa });
    const get = (url: string) => gateway.inject({ url, headers: { accept: 'text/html', ...headers } });
    return {
      app: await get('/panel/skaner'),
      api: await get('/api/v1/tenants/t1'),
      docs: await get('/api/docs/'),
      docsScript: await get('/api/docs/static/swagger-ui-bundle.js'),
    };
  };

  it('over plain HTTP (a LAN trial): the docs page has its own CSP, which upgrades nothing and allows no https: wildcard', async () => {
    const { app, api, docs, docsScript } = await answers({});
    expect(app.body).toContain('<div id="root">');
    expect(app.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(api.headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(docsScript.statusCode).toBe(200);
    expect(docsScript.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).not.toMatch(/https:|upgrade-insecure-requests|unsafe/);
  });

  it('over HTTPS (a trusted proxy says so): every page, the docs page included, upgrades', async () => {
    const { app, api, docs } = await answers(https);
    expect(app.headers['content-security-policy']).toBe(`${SANDBOX_CSP};upgrade-insecure-requests`);
    expect(api.headers['content-security-policy']).toBe(`${SANDBOX_CSP};upgrade-insecure-requests`);
    expect(docs.headers['content-security-policy']).toBe(`${API_DOCS_CSP};upgrade-insecure-requests`);
  });

  it.each([
    ['plain HTTP', {}],
    ['HTTPS', https],
  ])(
    'over %s: the app, the API and the docs page deny unused features but keep the camera, and are framed by nobody',
    async (_transport, headers) => {
      for (const [what, res] of Object.entries(await answers(headers))) {
        expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
        expect(res.headers['x-frame-options'], what).toBe('DENY');
        expect(String(res.headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
      }
      expect(PERMISSIONS_POLICY).toContain('camera=(self)'); // the panel's QR scanner
      for (const feature of ['geolocation', 'microphone', 'payment', 'usb'])
        expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    },
  );

  it('the docs page loads only its own files, each served here', async () => {
    const gateway = await gatewayWith({});
    const page = await gateway.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\.\/static\//);
      const res = await gateway.inject({ url: new URL(asset, 'http://x/api/docs/').pathname });
      expect(res.statusCode, asset).toBe(200);
    }
  });
});

describe('gateway: the dev mailbox is for this machine only (finding 1)', () => {
  const mailbox = (
    gateway: FastifyInstance,
    options: { remoteAddress?: string; headers?: Record<string, string> },
  ) => gateway.inject({ url: '/dev/mailbox', ...options });

  it('is served to a person on this machine by default', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'production' });
    const res = await mailbox(gateway, { remoteAddress: '127.0.0.1', headers: { host: 'localhost:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Skrzynka');
    const v6 = await mailbox(gateway, { remoteAddress: '::1', headers: { host: '[::1]:8080' } });
    expect(v6.statusCode).toBe(200);
    const wallet = await gateway.inject({
      url: '/dev/wallet',
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:8080' },
    });
    expect(wallet.body).toContain('Portfele');
  });

  it.each([
    ['another machine', { remoteAddress: '203.0.113.7', headers: { host: 'localhost:8080' } }],
    ['another machine on the LAN', { remoteAddress: '192.168.1.20', headers: { host: '192.168.1.10:8080' } }],
    [
      'a reverse proxy on this machine forwarding a visitor',
      { remoteAddress: '127.0.0.1', headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.7' } },
    ],
    [
      'a proxy saying so with Forwarded',
      {
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost', forwarded: 'for=203.0.113.7;proto=https' },
      },
    ],
    [
      'a public host name (DNS rebinding, or a proxy)',
      { remoteAddress: '127.0.0.1', headers: { host: 'evil.example' } },
    ],
  ])('is not there for %s', async (_who, options) => {
    const gateway = await gatewayWith({});
    const res = await mailbox(gateway, options);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Skrzynka');
    const message = await gateway.inject({
      url: '/dev/mailbox/0190a4c2-0000-7000-8000-000000000000.eml',
      ...options,
    });
    expect(message.statusCode).toBe(404);
    const wallet = await gateway.inject({ url: '/dev/wallet', ...options });
    expect(wallet.statusCode).toBe(404);
    expect(wallet.body).not.toContain('Portfele');
  });

  it('is not there at all when switched off', async () => {
    const gateway = await gatewayWith({ DEV_MAILBOX: 'off' });
    const res = await mailbox(gateway, { remoteAddress: '127.0.0.1', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
    const legacy = await gatewayWith({ DEV_MAILBOX: 'false' });
    expect((await mailbox(legacy, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('is served to anyone only when switched on, which production refuses without an explicit override', async () => {
    const open = await gatewayWith({ DEV_MAILBOX: 'on' });
    expect((await mailbox(open, { remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    for (const value of ['on', 'true'])
      expect(() => loadConfig(GatewayEnv, { NODE_ENV: 'production', DEV_MAILBOX: value })).toThrow(
        /DEV_MAILBOX: 'on' .* refused with NODE_ENV=production/,
      );
    expect(
      loadConfig(GatewayEnv, {
        NODE_ENV: 'production',
        DEV_MAILBOX: 'on',
        DEV_MAILBOX_ALLOW_IN_PRODUCTION: 'true',
      }).DEV_MAILBOX,
    ).toBe('on');
    expect(loadConfig(GatewayEnv, { NODE_ENV: 'production' }).DEV_MAILBOX).toBe('loopback');
  });
});
