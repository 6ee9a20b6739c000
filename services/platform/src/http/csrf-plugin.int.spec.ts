import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger';
import { csrfPlugin } from './csrf-plugin';
import { createServer } from './server';

describe('csrfPlugin', () => {
  const app = createServer({ service: 'test', logger: createLogger('test', 'silent') });
  app.register(csrfPlugin, { allowedOrigins: ['http://localhost:5173'] });
  app.register(async (scoped) => {
    scoped.post('/things', async () => ({ ok: true }));
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
});
