import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, startIdentity, type IdentityTestApp } from '../testing/identity-test-app';

// Issue 15 finding 7: behind a TLS-terminating proxy with default settings (TRUST_PROXY=false) identity sees
// plain HTTP, so "Secure when HTTPS" never set Secure in production. Finding 9 (part): SPEC §8's 405.
const json = { 'content-type': 'application/json' };
const limits = {
  RATE_LIMIT_LOGIN_PER_IP_EMAIL: '1000',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_EMAIL_SEND_PER_ADDRESS: '1000',
};

describe('session cookies in production', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentity({ NODE_ENV: 'production', ...limits });
  });
  afterAll(() => t.close());

  it('are Secure on every Set-Cookie, set or cleared, although the request reached identity over HTTP', async () => {
    const { login } = await t.signedIn();
    const set = cookiesOf(login);
    expect(Object.keys(set).length).toBe(3);
    for (const [name, cookie] of Object.entries(set)) expect(cookie.raw.secure, name).toBe(true);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { ...json, ...SAME_ORIGIN },
      cookies: Object.fromEntries(Object.entries(set).map(([name, c]) => [name, c.value])),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(logout.cookies.length).toBeGreaterThan(0);
    for (const cookie of logout.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });

  it('answer PUT, POST and PATCH on /users/me with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    for (const method of ['PUT', 'POST', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/users/me', headers: json, payload: {} });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toContain('GET');
      expect(res.headers.allow).toContain('DELETE');
      expect(res.json()).toEqual({
        code: 'METHOD_NOT_ALLOWED',
        localizedMessage: 'Method not allowed',
        status: 405,
      });
    }
  });
});

describe('session cookies in development (COOKIE_SECURE unset = auto)', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentity({ NODE_ENV: 'development', ...limits });
  });
  afterAll(() => t.close());

  it('are Secure only when the gateway says the request came over HTTPS', async () => {
    const plain = await t.signedIn();
    for (const cookie of plain.login.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
    const https = await t.signedIn({ 'x-forwarded-proto': 'https' });
    for (const cookie of https.login.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });
});

describe('COOKIE_SECURE=never in production (a plain-HTTP trial on a local network)', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentity({ NODE_ENV: 'production', COOKIE_SECURE: 'never', ...limits });
  });
  afterAll(() => t.close());

  it('leaves Secure off', async () => {
    const { login } = await t.signedIn();
    for (const cookie of login.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
  });
});
