import { defaultPorts } from '@punkto/contracts/routing';
import { captchaEnv, checkCaptchaConfig } from './captcha/captcha-config';
import { envOriginList, envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

const seconds = (defaultValue: number) => z.coerce.number().int().positive().default(defaultValue);
const count = (defaultValue: number) => z.coerce.number().int().positive().default(defaultValue);

export const IdentityEnv = z
  .object({
    ...platformEnv,
    ...captchaEnv,
    PORT: envPort(defaultPorts['identity']),
    /** base of links in e-mails */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    ACCESS_TOKEN_TTL_SECONDS: seconds(1800),
    /** a refresh token not used for this long expires (each refresh issues a new one) */
    REFRESH_TOKEN_TTL_SECONDS: seconds(14 * 24 * 3600),
    /** a session (refresh-token family) ends this long after login, however often it is refreshed */
    SESSION_MAX_AGE_SECONDS: seconds(30 * 24 * 3600),
    ACTIVATION_TOKEN_TTL_SECONDS: seconds(48 * 3600),
    EMAIL_CHANGE_TOKEN_TTL_SECONDS: seconds(24 * 3600),
    PASSWORD_RESET_TOKEN_TTL_SECONDS: seconds(3600),
    /** set-password link of an account a company created (invited employee, client enrolled by e-mail) */
    INVITATION_TOKEN_TTL_SECONDS: seconds(7 * 24 * 3600),
    /** trusted origins for the CSRF check besides the request's own, comma separated */
    CSRF_ALLOWED_ORIGINS: envOriginList,
    /**
     * `Secure` on session cookies: `always`, `never`, or `auto` (only when the request came over HTTPS, which
     * needs TRUST_PROXY at the gateway behind a TLS-terminating proxy). Unset: `always` with
     * NODE_ENV=production, else `auto`. Browsers accept Secure cookies on http://localhost and 127.0.0.1.
     */
    COOKIE_SECURE: z.enum(['auto', 'always', 'never']).optional(),
    RATE_LIMIT_LOGIN_PER_IP_EMAIL: count(10),
    RATE_LIMIT_LOGIN_PER_IP: count(50),
    RATE_LIMIT_LOGIN_WINDOW_SECONDS: seconds(60),
    /** consecutive wrong passwords for one address (from any IP) before it is locked: 1 s, doubling */
    LOGIN_LOCKOUT_AFTER_FAILURES: count(5),
    /** the longest lock */
    LOGIN_LOCKOUT_MAX_SECONDS: seconds(900),
    RATE_LIMIT_REGISTER_PER_IP: count(10),
    RATE_LIMIT_REGISTER_WINDOW_SECONDS: seconds(3600),
    /** initiate-password-reset and resend-*: per target e-mail (or account) and per IP */
    RATE_LIMIT_EMAIL_SEND_PER_ADDRESS: count(5),
    RATE_LIMIT_EMAIL_SEND_PER_IP: count(20),
    RATE_LIMIT_EMAIL_SEND_WINDOW_SECONDS: seconds(3600),
  })
  .superRefine(checkCaptchaConfig);
export type IdentityConfig = z.infer<typeof IdentityEnv>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(IdentityEnv, env);
