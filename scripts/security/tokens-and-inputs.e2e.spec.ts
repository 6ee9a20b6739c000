import { base64url, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { closedWithin, exchange, openSocket } from '@punkto/platform/testing/raw-http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { activeAccount, ownerWithProgram, uniqueEmail, type OwnerWithProgram } from '../testing/actors';

/**
 * Issue 15's probes beyond tenant isolation, through the gateway of `npm start`:
 * - forged, tampered, `alg: none`, key-confused and expired access tokens are no tokens (401) in every service;
 * - a state-changing call from another site, or one with the session cookie and no Origin/Referer, is refused
 *   (CSRF);
 * - bad input: each answered 4xx in the spec's shape within 1 s, and the connection it came on either answers
 *   the next request or is visibly closed (so a client never hangs behind an unread body).
 */
const baseUrl = inject('baseUrl');
const { port } = new URL(baseUrl);
const PROTECTED = ['/api/v1/users/me', '/api/v1/permissions', '/api/v1/cards/search?email=nikt%40example.pl'];

const withToken = (path: string, token: string) =>
  fetch(`${baseUrl}${path}`, { headers: { cookie: `punkto_access=${token}` } });

describe('access tokens', () => {
  let owner: OwnerWithProgram;
  let real: string;
  beforeAll(async () => {
    owner = await ownerWithProgram();
    real = owner.client.cookie('punkto_access')!;
  });

  it('a valid token works in identity, tenant and the card ledger', async () => {
    for (const path of PROTECTED) expect((await withToken(path, real)).status, path).toBe(200);
  });

  it('forged, tampered, alg:none and key-confused tokens are refused 401 everywhere', async () => {
    const claims = decodeJwt(real);
    const [header] = real.split('.');
    const kid = (JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string }).kid;
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
      .sign(other.privateKey);
    const escalated = { ...claims, role: 'operator', tid: 'someone-else' };
    const [, , signature] = real.split('.');
    const tampered = `${header}.${base64url.encode(JSON.stringify(escalated))}.${signature}`;
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`;
    // HS256 "signed" with identity's public key as the HMAC secret (the classic key-confusion attack)
    const jwks = (await (await fetch(`${baseUrl}/.well-known/jwks.json`)).json()) as {
      keys: Array<{ x: string }>;
    };
    const hsHead = base64url.encode(JSON.stringify({ alg: 'HS256', kid, typ: 'JWT' }));
    const hsBody = base64url.encode(JSON.stringify(claims));
    const hs = `${hsHead}.${hsBody}.${createHmac('sha256', jwks.keys[0]!.x).update(`${hsHead}.${hsBody}`).digest('base64url')}`;
    const wrongKeyJwk = await exportJWK(other.publicKey);
    expect(wrongKeyJwk.x).not.toBe(jwks.keys[0]!.x);
    for (const [what, token] of Object.entries({ forged, tampered, none, hs, garbage: 'a.b.c' }))
      for (const path of PROTECTED) {
        const res = await withToken(path, token);
        expect(res.status, `${what} ${path}`).toBe(401);
        expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
  });

  it('an expired token is refused 401 (the product runs with 20 s tokens)', async () => {
    const client = await activeAccount('customer', uniqueEmail('klient'), 'Jan Klient');
    const token = client.cookie('punkto_access')!;
    expect((await withToken('/api/v1/users/me', token)).status).toBe(200);
    const exp = decodeJwt(token).exp! * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp - Date.now()) + 1500));
    for (const path of PROTECTED.slice(0, 2)) expect((await withToken(path, token)).status, path).toBe(401);
  }, 60_000);

  it('a write from another site is refused (CSRF), by Origin or by Referer, or with the cookie and neither; the same site is accepted', async () => {
    const path = `/api/v1/tenants/${owner.tenantId}/services`;
    // a fresh token: the expiry test above outlived the first one
    expect((await owner.client.call('GET', '/api/v1/users/refresh')).status).toBe(200);
    const cookie = `punkto_access=${owner.client.cookie('punkto_access')}`;
    const post = (headers: Record<string, string>) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ name: 'Latte', priceGrosze: 1200 }),
      });
    const foreigners: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/strona' },
      // issue 36: the session cookie with neither Origin nor Referer
      {},
    ];
    for (const foreign of foreigners) {
      const res = await post(foreign);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    }
    expect((await post({ origin: baseUrl })).status).toBe(201);
  });
});

const open = () => openSocket(port);

const json = (body: string, extra = '') =>
  `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;
const ask = (method: string, path: string, rest = '\r\n') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${baseUrl}\r\nConnection: keep-alive\r\n${rest}`;

describe('bad input: a clear 4xx in the spec shape within 1 s, and the connection stays usable or closes', () => {
  let owner: OwnerWithProgram;
  beforeAll(async () => {
    owner = await ownerWithProgram();
  });

  const cases: Array<{
    name: string;
    status: number;
    code: string;
    request: () => { head: string; body?: Buffer };
  }> = [
    ...[3, 10].map((megabytes) => ({
      name: `${megabytes} MB JSON`,
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      request: () => {
        const body = Buffer.alloc(megabytes * 1024 * 1024, 'a');
        const head = `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
        return { head: ask('POST', '/api/v1/users/login', head), body };
      },
    })),
    {
      name: 'Expect: 100-continue (the route answers, not 502)',
      status: 400,
      code: 'VALIDATION_ERROR',
      request: () => ({ head: ask('POST', '/api/v1/users/login', json('{}', 'Expect: 100-continue\r\n')) }),
    },
    {
      name: 'a 20 kB URL',
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      request: () => ({ head: ask('GET', `/api/v1/tenants/${'a'.repeat(20_000)}`) }),
    },
    {
      name: 'a 300-character path parameter',
      status: 414,
      code: 'URI_TOO_LONG',
      request: () => ({ head: ask('GET', `/api/v1/tenants/${'a'.repeat(300)}`) }),
    },
    {
      name: '40 kB of headers',
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      request: () => ({ head: ask('GET', '/api/v1/permissions', `X-Big: ${'a'.repeat(40_000)}\r\n\r\n`) }),
    },
    {
      name: 'a broken escape in the path',
      status: 400,
      code: 'BAD_REQUEST',
      request: () => ({ head: ask('GET', '/api/v1/tenants/%E0%A4%A') }),
    },
    {
      name: 'invalid JSON',
      status: 400,
      code: 'VALIDATION_ERROR',
      request: () => ({ head: ask('POST', '/api/v1/users/login', json('{"email":')) }),
    },
    {
      name: 'a content type the API does not take',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      request: () => ({
        head: ask(
          'POST',
          '/api/v1/users/login',
          'Content-Type: application/xml\r\nContent-Length: 4\r\n\r\n<a/>',
        ),
      }),
    },
    ...(['PUT', 'PATCH', 'POST'] as const).map((method) => ({
      name: `${method} /api/v1/users/me`,
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      request: () => ({ head: ask(method, '/api/v1/users/me', json('{}')) }),
    })),
    {
      name: 'CR/LF in a company name',
      status: 400,
      code: 'VALIDATION_ERROR',
      request: () => ({
        head: ask(
          'PATCH',
          `/api/v1/tenants/${owner.tenantId}/update-tenant`,
          json(
            JSON.stringify({ companyName: 'Kawiarnia\r\nBcc: x@example.com' }),
            `Cookie: punkto_access=${owner.client.cookie('punkto_access')}\r\n`,
          ),
        ),
      }),
    },
    {
      name: 'an unknown API path',
      status: 404,
      code: 'NOT_FOUND',
      request: () => ({ head: ask('GET', '/api/v1/nie-ma-takiej-sciezki') }),
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const socket = await open();
    const { head, body } = c.request();
    const res = await exchange(socket, head, body);
    expect(res.status).toBe(c.status);
    expect(res.ms).toBeLessThan(1000);
    expect(res.headers).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({
      code: c.code,
      localizedMessage: expect.any(String),
      status: c.status,
    });
    const next = ask('GET', '/api/v1/maintenance/status');
    if (res.headers.includes('connection: close')) {
      expect(await closedWithin(socket, 1000)).toBe(true);
      const fresh = await open();
      const again = await exchange(fresh, next);
      expect(again.status).toBe(200);
      expect(again.ms).toBeLessThan(1000);
      fresh.destroy();
    } else {
      const again = await exchange(socket, next);
      expect(again.status).toBe(200);
      expect(again.ms).toBeLessThan(1000);
      socket.destroy();
    }
  });
});
