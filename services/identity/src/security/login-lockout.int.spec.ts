import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { startIdentity, TEST_PASSWORD, type IdentityTestApp } from '../testing/identity-test-app';

// Issue 15 finding 8: login throttling was per IP only; the same account logged in at once from a second IP.
const PASSWORD = TEST_PASSWORD;
const json = { 'content-type': 'application/json' };
let t: IdentityTestApp;

beforeAll(async () => {
  t = await startIdentity({
    // the per-IP limits out of the way: this is about the per-account lock
    RATE_LIMIT_LOGIN_PER_IP_EMAIL: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_EMAIL_SEND_PER_ADDRESS: '1000',
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    headers: { ...json, 'x-forwarded-for': ip },
    payload: { email, password },
  });

const activeUser = async () => (await t.signedIn()).email;

describe('per-account login lock', () => {
  it('after 5 wrong passwords from one IP, the right one from another IP is refused until the lock passes', async () => {
    const email = await activeUser();
    for (let i = 0; i < 5; i++)
      expect((await login(email, 'zle-haslo-1', '203.0.113.1')).statusCode).toBe(401);
    const locked = await login(email, PASSWORD, '198.51.100.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect(locked.json()).toEqual({
      code: 'RATE_LIMITED',
      localizedMessage: 'Zbyt wiele nieudanych prób logowania na to konto. Spróbuj ponownie za 1 s.',
      status: 429,
    });
    t.advance(1);
    expect((await login(email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
    // the success cleared the count: 4 more failures lock nothing
    for (let i = 0; i < 4; i++)
      expect((await login(email, 'zle-haslo-1', '203.0.113.1')).statusCode).toBe(401);
    expect((await login(email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('doubles the lock with each further failure', async () => {
    const email = await activeUser();
    for (let i = 0; i < 5; i++) await login(email, 'zle-haslo-1', '203.0.113.1');
    t.advance(1);
    expect((await login(email, 'zle-haslo-2', '203.0.113.3')).statusCode).toBe(401); // 6th: 2 s
    const res = await login(email, PASSWORD, '198.51.100.2');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
    t.advance(2);
    expect((await login(email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('locks an address with no account exactly the same way (no enumeration)', async () => {
    const nobody = `nikt.${Date.now()}@example.pl`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await login(nobody, 'zle-haslo-1', '203.0.113.1')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const res = await login(nobody, PASSWORD, '198.51.100.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().localizedMessage).toContain('Zbyt wiele nieudanych prób logowania na to konto');
  });
});

// Issue 36: change-password (and deleting the account) accepted unlimited wrong current passwords behind a
// session, outside the login lock: 25 wrong, then the right one → 204.
describe('the password asked again behind a session', () => {
  const withSession = (access: string, method: 'PATCH' | 'DELETE', path: string, payload: object) =>
    t.app.inject({
      method,
      url: `/api/v1/users/${path}`,
      headers: { ...json, ...SAME_ORIGIN, 'x-forwarded-for': '203.0.113.7' },
      cookies: { [ACCESS_COOKIE]: access },
      payload,
    });
  const changePassword = (access: string, currentPassword: string) =>
    withSession(access, 'PATCH', 'change-password', { currentPassword, newPassword: 'NoweHaslo9' });

  it('change-password: 25 wrong current passwords lock the account like login; the right one works only after the lock', async () => {
    const { email, cookies } = await t.signedIn();
    const access = cookies[ACCESS_COOKIE]!.value;
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push((await changePassword(access, `zle-haslo-${i}`)).statusCode);
    expect(answers).toEqual([...Array(5).fill(400), ...Array(20).fill(429)]);

    const locked = await changePassword(access, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    // the same lock as login's: the account cannot be logged in to from anywhere meanwhile
    expect((await login(email, PASSWORD, '198.51.100.2')).statusCode).toBe(429);

    t.advance(1);
    expect((await changePassword(access, PASSWORD)).statusCode).toBe(204);
  });

  it("login's failures count here too, and so does a wrong password when deleting the account", async () => {
    const { email, cookies } = await t.signedIn();
    const access = cookies[ACCESS_COOKIE]!.value;
    for (let i = 0; i < 3; i++) await login(email, 'zle-haslo-1', '198.51.100.3');
    const del = (password: string) => withSession(access, 'DELETE', 'me', { password });
    expect((await del('zle-haslo-2')).statusCode).toBe(400);
    expect((await changePassword(access, 'zle-haslo-3')).statusCode).toBe(400); // 5th failure: locked
    const locked = await del(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    t.advance(1);
    expect((await del(PASSWORD)).statusCode).toBe(204);
  });
});
