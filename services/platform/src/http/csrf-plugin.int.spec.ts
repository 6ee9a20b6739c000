import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth-plugin';
import { csrfPlugin } from './csrf-plugin';
import { createServer } from './server';

describe('csrfPlugin', () => {
  const app = createServer({ service: 'test', logger: createLogger('test', 'silent') });
  app.register(csrfPlugin, { allowedOrigins: ['http://localhost:5173'] });
  app.register(async (scoped) => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const)
      scoped[method]('/things', async () => ({ ok: true }));
    scoped.get('/things', async () => ({ ok: true }));
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const post = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/things', headers: { host: 'punkto.pl', ...headers }, payload: {} });

  it('lets a same-origin POST through (the gateway forwards proto and host)', async () => {
    const res = await post({
      origin: 'https://app.punkto.pl',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'app.punkto.pl',
    });
    expect(res.statusCode).toBe(200);
    expect((await post({ origin: 'http://punkto.pl' })).statusCode).toBe(200);
    expect((await post({ referer: 'http://punkto.pl/zaloguj?x=1' })).statusCode).toBe(200);
  });

  it('lets an allow-listed origin through', async () => {
    expect((await post({ origin: 'http://localhost:5173' })).statusCode).toBe(200);
  });

  it.each([
    ['a foreign origin', { origin: 'https://evil.example' }],
    ['the right host over the wrong scheme', { origin: 'https://punkto.pl' }],
    ['Origin: null', { origin: 'null' }],
    ['a foreign referer', { referer: 'https://evil.example/page' }],
    ['no origin but a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('rejects %s with 403 CSRF_REJECTED', async (_name, headers) => {
    const res = await post(headers as Record<string, string>);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED', status: 403 });
    expect(res.json().localizedMessage).toMatch(/bezpieczeństwa/);
  });

  it('lets non-browser clients (no Origin, no Referer) and safe methods through', async () => {
    expect((await post({})).statusCode).toBe(200);
    const get = await app.inject({ url: '/things', headers: { origin: 'https://evil.example' } });
    expect(get.statusCode).toBe(200);
  });

  // Issue 36: a state-changing call with a session cookie and neither Origin nor Referer was accepted.
  describe('a session cookie needs an origin', () => {
    it.each([
      ['the access cookie', `${ACCESS_COOKIE}=eyJ.a.b`],
      ['the refresh cookie', `${REFRESH_COOKIE}=r3fr35h`],
      ['both, among others', `punkto_session=1; ${ACCESS_COOKIE}=eyJ.a.b; ${REFRESH_COOKIE}=r3fr35h`],
    ])('rejects %s without Origin or Referer (403 CSRF_REJECTED)', async (_name, cookie) => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await app.inject({ method, url: '/things', headers: { host: 'punkto.pl', cookie } });
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED', status: 403 });
      }
    });

    it("lets it through with the request's own Origin or Referer, or an allow-listed origin", async () => {
      const cookie = `${ACCESS_COOKIE}=eyJ.a.b; ${REFRESH_COOKIE}=r3fr35h`;
      expect((await post({ cookie, origin: 'http://punkto.pl' })).statusCode).toBe(200);
      expect((await post({ cookie, referer: 'http://punkto.pl/konto' })).statusCode).toBe(200);
      expect((await post({ cookie, origin: 'http://localhost:5173' })).statusCode).toBe(200);
      expect((await post({ cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    });

    it('lets a bearer token through without Origin (machine clients), and a call with no session cookie', async () => {
      expect((await post({ authorization: 'Bearer eyJ.a.b' })).statusCode).toBe(200);
      // anonymous login or registration from curl; a cookie that is not ours, or an empty (cleared) one
      expect((await post({})).statusCode).toBe(200);
      expect((await post({ cookie: 'punkto_session=1; inne=x' })).statusCode).toBe(200);
      expect((await post({ cookie: `${ACCESS_COOKIE}=` })).statusCode).toBe(200);
      // safe methods need nothing
      const get = await app.inject({ url: '/things', headers: { cookie: `${ACCESS_COOKIE}=eyJ.a.b` } });
      expect(get.statusCode).toBe(200);
    });
  });
});
