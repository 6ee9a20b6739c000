import { IdentityErrors } from '@punkto/contracts/identity';
import type { Captcha } from '@punkto/platform/captcha/captcha.port';
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
  await Promise.all([limiter.ensureIndexes(), lockout.ensureIndexes()]);
  const loginWindow = config.RATE_LIMIT_LOGIN_WINDOW_SECONDS;
  const sendWindow = config.RATE_LIMIT_EMAIL_SEND_WINDOW_SECONDS;
  return {
    limiter,
    lockout,
    rules: {
      loginPerIpEmail: rule('login-ip-email', config.RATE_LIMIT_LOGIN_PER_IP_EMAIL, loginWindow),
      loginPerIp: rule('login-ip', config.RATE_LIMIT_LOGIN_PER_IP, loginWindow),
      registerPerIp: rule(
        'register-ip',
        config.RATE_LIMIT_REGISTER_PER_IP,
        config.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
      ),
      sendPerAddress: rule('email-send-address', config.RATE_LIMIT_EMAIL_SEND_PER_ADDRESS, sendWindow),
      sendPerIp: rule('email-send-ip', config.RATE_LIMIT_EMAIL_SEND_PER_IP, sendWindow),
    },
    async verifyCaptcha(token: string | undefined, action: string, ip: string) {
      if (!deps.captcha.enabled) return;
      const result = await deps.captcha.verify(token, action, ip);
      if (!result.ok) {
        deps.logger.info({ action, reason: result.reason, score: result.score }, 'captcha rejected');
        throw new CaptchaFailedError();
      }
    },
  };
}

export type RequestGuards = Awaited<ReturnType<typeof requestGuards>>;
