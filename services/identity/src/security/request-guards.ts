import { IdentityErrors } from '@punkto/contracts/identity';
import type { Captcha } from '../captcha/captcha.port';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { IdentityConfig } from '../config';
import { CaptchaFailedError } from '../users/user.errors';
import { rateLimiter, type RateRule } from '@punkto/platform/security/rate-limiter';
import { loginLockout } from './login-lockout';

const rule = (name: string, limit: number, windowSeconds: number): RateRule => ({
  name,
  limit,
  windowSeconds,
});

/**
 * What stands before identity's public calls: the rate rules (per IP, per address), the login lockout per
 * address, and the captcha when one is configured.
 */
export async function requestGuards(deps: {
  config: IdentityConfig;
  documents: DocumentStore;
  captcha: Captcha;
  logger: Logger;
}) {
  const { config } = deps;
  const limiter = rateLimiter(deps.documents, IdentityErrors.rateLimited.message);
  const lockout = loginLockout(deps.documents, {
    afterFailures: config.LOGIN_LOCKOUT_AFTER_FAILURES,
    maxSeconds: config.LOGIN_LOCKOUT_MAX_SECONDS,
  });
  await lockout.ensureIndexes();
  const loginWindow = config.RATE_LIMIT_LOGIN_WINDOW_SECONDS;
  const sendWindow = config.RATE_LIMIT_EMAIL_SEND_WINDOW_SECONDS;
  const rules = {
    loginPerIpEmail: rule('login-ip-email', config.RATE_LIMIT_LOGIN_PER_IP_EMAIL, loginWindow),
    loginPerIp: rule('login-ip', config.RATE_LIMIT_LOGIN_PER_IP, loginWindow),
    registerPerIp: rule(
      'register-ip',
      config.RATE_LIMIT_REGISTER_PER_IP,
      config.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
    ),
    sendPerAddress: rule('email-send-address', config.RATE_LIMIT_EMAIL_SEND_PER_ADDRESS, sendWindow),
    sendPerIp: rule('email-send-ip', config.RATE_LIMIT_EMAIL_SEND_PER_IP, sendWindow),
  };

  async function verifyCaptcha(token: string | undefined, action: string, ip: string) {
    if (!deps.captcha.enabled) return;
    const result = await deps.captcha.verify(token, action, ip);
    if (!result.ok) {
      deps.logger.info({ action, reason: result.reason, score: result.score }, 'captcha rejected');
      throw new CaptchaFailedError();
    }
  }

  return {
    limiter,
    lockout,
    rules,
    verifyCaptcha,

    /**
     * An e-mail sent on a person's request (activation, e-mail change, password reset): counted per IP and
     * per address (`address` is the e-mail, or `user:<id>` for a signed-in user's change).
     */
    mailSend: (now: Date, ip: string, address: string) =>
      limiter.check(now, [rules.sendPerIp, ip], [rules.sendPerAddress, address]),

    /**
     * One password attempt for an address, throttled as login is: login's per-IP rules, the per-address lock
     * (a locked address is refused even with the right password: 429 with Retry-After), the captcha when
     * asked for, then `check`, whose null is a wrong password; the outcome is counted for the address
     * (security/login-lockout.ts), and what `check` found is returned. Login and
     * the password asked again behind a session (change-password, deleting the account) both go through it,
     * so a stolen session is no unlimited guessing oracle (issue 36).
     */
    async passwordAttempt<T>(
      attempt: { email: string; ip: string; now: Date; captcha?: { token: string | undefined } },
      check: () => Promise<T | null>,
    ): Promise<T | null> {
      const { email, ip, now } = attempt;
      await limiter.check(now, [rules.loginPerIpEmail, `${ip}|${email}`], [rules.loginPerIp, ip]);
      await lockout.assertOpen(email, now);
      if (attempt.captcha) await verifyCaptcha(attempt.captcha.token, 'login', ip);
      const found = await check();
      if (found === null) await lockout.recordFailure(email, now);
      else await lockout.recordSuccess(email);
      return found;
    },
  };
}

export type RequestGuards = Awaited<ReturnType<typeof requestGuards>>;
