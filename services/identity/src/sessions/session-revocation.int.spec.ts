import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, startIdentity, TEST_PASSWORD, type IdentityTestApp } from '../testing/identity-test-app';
import { REFRESH_COOKIE } from '../users/user.routes';

// Issue 15 finding 4 (ADR 0010): ending a session records SessionsRevoked (published on identity.users.v1 by
// the relay) and stops its access token in identity at once.
const json = { 'content-type': 'application/json' };
let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentity(
    { RATE_LIMIT_LOGIN_PER_IP_EMAIL: '1000', RATE_LIMIT_REGISTER_PER_IP: '1000' },
    { revocations: true },
  );
});
afterAll(() => t.close());

const post = (path: string, payload?: object, cookies?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${path}`,
    headers: { ...json, ...SAME_ORIGIN },
    ...(payload && { payload }),
    ...(cookies && { cookies }),
  });
const me = (access: string) =>
  t.app.inject({ url: '/api/v1/users/me', cookies: { [ACCESS_COOKIE]: access } });

async function session() {
  const { userId, email, cookies } = await t.signedIn();
  return { userId, email, access: cookies[ACCESS_COOKIE]!.value, refresh: cookies[REFRESH_COOKIE]!.value };
}

const revokedEvents = async (userId: string) =>
  (await t.app.identity.readUserStream(userId)).filter((e) => e.type === 'SessionsRevoked');

describe('session revocation', () => {
  it('logout: the access token carries its session id; SessionsRevoked names it; the token stops at once', async () => {
    const s = await session();
    const sid = decodeJwt(s.access).sid as string;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await me(s.access)).statusCode).toBe(200);
    await post('logout', undefined, { [REFRESH_COOKIE]: s.refresh, [ACCESS_COOKIE]: s.access });
    expect((await me(s.access)).statusCode).toBe(401);
    const events = await revokedEvents(s.userId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ userId: s.userId, sessionIds: [sid], reason: 'logout' });
  });

  it('refresh-token reuse: the whole family and its access tokens are revoked', async () => {
    const s = await session();
    const first = await t.app.inject({
      url: '/api/v1/users/refresh',
      cookies: { [REFRESH_COOKIE]: s.refresh },
    });
    expect(first.statusCode).toBe(200);
    const fresh = cookiesOf(first)[ACCESS_COOKIE]!.value;
    expect((await me(fresh)).statusCode).toBe(200);
    // the rotated token presented again: a thief's replay
    const replay = await t.app.inject({
      url: '/api/v1/users/refresh',
      cookies: { [REFRESH_COOKIE]: s.refresh },
    });
    expect(replay.statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(401);
    expect((await me(s.access)).statusCode).toBe(401);
    expect((await revokedEvents(s.userId)).map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'refresh-token-reuse', sessionIds: [decodeJwt(s.access).sid] }),
    ]);
  });

  it('another session of the same person keeps working', async () => {
    const s = await session();
    const other = await post('login', { email: s.email, password: TEST_PASSWORD });
    const otherAccess = cookiesOf(other)[ACCESS_COOKIE]!.value;
    await post('logout', undefined, { [REFRESH_COOKIE]: s.refresh });
    expect((await me(s.access)).statusCode).toBe(401);
    expect((await me(otherAccess)).statusCode).toBe(200);
  });
});
