import { defaultPorts } from '@punkto/contracts/routing';
import {
  ConfigError,
  envBoolean,
  envDevConvenience,
  envOriginList,
  envPort,
  loadConfig,
  platformEnv,
} from '@punkto/platform/config/config';
import { z } from 'zod';

export const NotificationEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['notification']),
  /** the dev mailbox page at /dev/mailbox (embedded `.eml` mailer only): off | loopback | on */
  DEV_MAILBOX: envDevConvenience('loopback'),
  /** allows DEV_MAILBOX=on with NODE_ENV=production (refused at start-up otherwise) */
  DEV_MAILBOX_ALLOW_IN_PRODUCTION: envBoolean(false),
  /** trusted origins for the CSRF check besides the request's own, comma separated */
  CSRF_ALLOWED_ORIGINS: envOriginList,
  /** who receives bug reports from the widget, comma separated */
  OPERATOR_EMAILS: z
    .string()
    .default('zespol@punkto.local')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('OPERATOR_EMAILS: every entry must be an e-mail address')).min(1)),
  /** bug reports one user may send per hour (429 RATE_LIMITED above it) */
  FEEDBACK_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** the product's public base URL (the gateway): the links on the back of wallet passes */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * Apple Wallet: the pass type and team of the signer certificate, and the certificate files (PEM; README,
   * "Apple Wallet certificates"). Without the files a development chain is generated into DATA_DIR: the whole
   * path runs, phones reject its passes (ADR 0012).
   */
  APPLE_PASS_TYPE_IDENTIFIER: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'a pass type identifier, e.g. pass.pl.punkto.karta')
    .default('pass.pl.punkto.dev'),
  APPLE_TEAM_IDENTIFIER: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'the 10-character team identifier from the Apple developer account')
    .default('PUNKTODEV1'),
  /**
   * who gets passes signed by the development chain (no certificate files): off | loopback (a person on this
   * machine: `npm start`) | on. A development convenience, so loopback-only by default (also in production).
   */
  APPLE_PASS_DEVELOPMENT_CHAIN: envDevConvenience('loopback'),
  APPLE_PASS_CERT_FILE: z.string().optional(),
  APPLE_PASS_KEY_FILE: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT_FILE: z.string().optional(),
  /**
   * the key of the passes' authentication tokens (an HMAC of the serial; ADR 0012): set it to keep the tokens
   * of passes on phones valid when the document store is replaced; without it a key is generated and kept in
   * the document store. Changing it cuts every pass already added off its updates.
   */
  APPLE_PASS_TOKEN_SECRET: z.string().min(32, 'at least 32 characters').optional(),
});
export type NotificationConfig = z.infer<typeof NotificationEnv>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(NotificationEnv, env);

/** The three certificate files are configured together or not at all. */
export function appleCertificateFiles(config: NotificationConfig) {
  const { APPLE_PASS_CERT_FILE: cert, APPLE_PASS_KEY_FILE: key, APPLE_WWDR_CERT_FILE: wwdr } = config;
  if (!cert && !key && !wwdr) return null;
  if (!cert || !key || !wwdr)
    throw new ConfigError([
      'APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE and APPLE_WWDR_CERT_FILE: set all three or none (none: a development chain)',
    ]);
  return { cert, key, wwdr, passphrase: config.APPLE_PASS_KEY_PASSPHRASE };
}
