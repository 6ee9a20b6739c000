import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { Roles } from '@punkto/contracts/permissions';
import type { Captcha } from '../captcha/captcha.port';
import { describe, expect, it } from 'vitest';
import { startIdentity } from '../testing/identity-test-app';

const json = { 'content-type': 'application/json' };
const registration = (email: string, extra: object = {}) => ({
  email,
  password: 'Haslo1234',
  username: 'Jan Kowalski',
  role: Roles.owner,
  acceptTerms: true,
  ...extra,
});

describe('rate limits', () => {
  it('login: per IP + e-mail, then per IP; 429 RATE_LIMITED with a Polish message', async () => {
    const t = await startIdentity({ RATE_LIMIT_LOGIN_PER_IP_EMAIL: '3', RATE_LIMIT_LOGIN_PER_IP: '5' });
    try {
      const attempt = (email: string, ip = '198.51.100.1') =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          headers: json,
          payload: { email, password: 'Zle12345' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await attempt('a@example.pl')).statusCode).toBe(401);
      const limited = await attempt('a@example.pl');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: 'RATE_LIMITED',
        localizedMessage: 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
      });
      // and when to try again: the end of the limit's window (at most the login window, 60 s here)
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // another address from the same IP: the per-IP limit (5) still has one left, then it is reached too
      expect((await attempt('b@example.pl')).statusCode).toBe(401);
      expect((await attempt('c@example.pl')).statusCode).toBe(429);
      // another IP is not affected; the next window starts afresh
      expect((await attempt('a@example.pl', '198.51.100.2')).statusCode).toBe(401);
      t.advance(61);
      expect((await attempt('a@example.pl')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('password reset and registration are limited too, and limits survive a restart', async () => {
    const env = { RATE_LIMIT_EMAIL_SEND_PER_ADDRESS: '2', RATE_LIMIT_REGISTER_PER_IP: '2' };
    const t = await startIdentity(env);
    try {
      const reset = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/initiate-password-reset',
          headers: json,
          payload: { email: 'kto@example.pl' },
        });
      expect((await reset()).statusCode).toBe(202);
      expect((await reset()).statusCode).toBe(202);
      expect((await reset()).statusCode).toBe(429);
      const register = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/register',
          headers: json,
          payload: registration(email),
        });
      expect((await register('r1@example.pl')).statusCode).toBe(201);
      expect((await register('r2@example.pl')).statusCode).toBe(201);
      expect((await register('r3@example.pl')).statusCode).toBe(429);

      // same data dir, new process: the counters are in the document store
      await t.app.close();
      const { buildService } = await import('../app');
      const { createLogger } = await import('@punkto/platform/observability/logger');
      const { systemClock } = await import('@punkto/platform/runtime/service-server');
      const { createLocalJWKSet } = await import('jose');
      const { app: again } = await buildStandalone('identity', buildService, {
        config: t.config,
        logger: createLogger('identity', 'silent'),
        infra: t.infra,
        jwks: createLocalJWKSet({ keys: [] }),
        clock: systemClock,
      });
      try {
        const res = await again.inject({
          method: 'POST',
          url: '/api/v1/users/initiate-password-reset',
          headers: json,
          payload: { email: 'kto@example.pl' },
        });
        expect(res.statusCode).toBe(429);
        // and the signing key is the same one
        expect((await again.inject('/.well-known/jwks.json')).json()).toEqual(t.app.identity.jwks());
      } finally {
        await again.close();
      }
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('captcha', () => {
  const seen: Array<{ token?: string; action: string }> = [];
  const stub: Captcha = {
    enabled: true,
    async verify(token, action) {
      seen.push({ token, action });
      return token === `ok-${action}` ? { ok: true, score: 0.9 } : { ok: false, reason: 'test' };
    },
  };

  it('when enabled, login and register need a valid token for their action', async () => {
    const t = await startIdentity({}, { captcha: stub });
    try {
      const register = (extra: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/register',
          headers: json,
          payload: registration('cap@example.pl', extra),
        });
      const missing = await register({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'AUTH.CAPTCHA_FAILED',
        localizedMessage: 'Weryfikacja zabezpieczeń nie powiodła się. Spróbuj ponownie.',
      });
      expect((await register({ captchaToken: 'ok-login' })).statusCode).toBe(400);
      expect((await register({ captchaToken: 'ok-register' })).statusCode).toBe(201);
      await t.app.identity.settled(); // the account is in the users projection before the login looks it up

      const login = (captchaToken?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          headers: json,
          payload: { email: 'cap@example.pl', password: 'Haslo1234', ...(captchaToken && { captchaToken }) },
        });
      expect((await login()).json().code).toBe('AUTH.CAPTCHA_FAILED');
      // with a valid token the request reaches the credential check (account not active yet)
      expect((await login('ok-login')).json().code).toBe('AUTH.ACCOUNT_NOT_ACTIVE');
      expect(seen.map((s) => s.action)).toContain('login');
    } finally {
      await t.close();
    }
  });

  it('when disabled (the embedded default), no token is needed', async () => {
    const t = await startIdentity({ CAPTCHA_PROVIDER: 'disabled' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        headers: json,
        payload: registration('nocap@example.pl'),
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('recaptcha without a secret is a configuration error', async () => {
    const { IdentityEnv } = await import('../config');
    expect(IdentityEnv.safeParse({ CAPTCHA_PROVIDER: 'recaptcha' }).success).toBe(false);
    expect(IdentityEnv.safeParse({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's' }).success).toBe(
      true,
    );
  });
});
