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
import { MESSAGE_CAMPAIGNS_PER_WEEK_DEFAULT } from '@punkto/contracts/messages';
import type { ServiceDeps } from '@punkto/platform/runtime/service-server';
import { z } from 'zod';

export const NotificationEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['notification']),
  /** the dev pages /dev/mailbox (embedded `.eml` mailer) and /dev/wallet (embedded APNs and Google Wallet): off | loopback | on */
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
  /**
   * APNs (telling iPhones a pass changed): a token signing key from Apple's "Keys" page (`.p8`, with its key id;
   * the team is APPLE_TEAM_IDENTIFIER), or else the pass certificate (APPLE_PASS_CERT_FILE) as TLS client
   * certificate. With neither (the development chain) pushes are recorded in the document store and shown on
   * /dev/wallet.
   */
  APNS_KEY_FILE: z.string().optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'the 10-character key id of the APNs key')
    .optional(),
  /** APNs' address: Apple's production host (pass pushes never go through the sandbox); set only in tests */
  APNS_URL: z.url().default('https://api.push.apple.com'),
  /** extra certificate authority to trust for APNS_URL (PEM file; tests' local APNs) */
  APNS_CA_FILE: z.string().optional(),
  /**
   * live pass updates: at most one push (Apple) or update (Google) per pass holder in this window, so a
   * burst of awards is one update on the phone; the first change goes out at once
   */
  PASS_UPDATE_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Company messages (issue 21, ADR 0012 "Company messages"): APNs pushes a second for messages. Apple
   * publishes no rate for a provider; what limits us is our own side: every push makes the phone fetch its
   * pass, signed at ~400 passes/s on one core (docs/BENCHMARKS.md), so a few hundred a second keeps a
   * campaign's fetch wave within what the service signs while awards' pushes go on.
   */
  APNS_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(5_000).default(300),
  /**
   * Google Wallet API calls a second for messages (addMessage). Google's default quota is 20 requests a
   * second per project, shared with the live updates (PATCHes and balance notices), which are not limited:
   * messages take 15 and leave 5 for them. Raise it with the quota Google grants.
   */
  GOOGLE_WALLET_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(1_000).default(15),
  /**
   * Google Wallet: the issuer id of the Google Pay & Wallet console and the service account's JSON key file
   * (README, "Google Wallet"). Without the key file the embedded adapter keeps Google's side in the document
   * store and signs save links with a development key: Google refuses them (ADR 0012).
   */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^[0-9]{10,25}$/, 'the numeric issuer id of the Google Pay & Wallet console')
    .default('3388000000099999999'),
  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: z.string().optional(),
  /** who gets save links of the embedded adapter (no key file): off | loopback | on, like the Apple chain */
  GOOGLE_WALLET_DEVELOPMENT: envDevConvenience('loopback'),
  /** Google's endpoints: set only to point at a local stand-in in tests */
  GOOGLE_WALLET_API_URL: z.url().optional(),
  GOOGLE_WALLET_TOKEN_URL: z.url().optional(),
  GOOGLE_WALLET_SAVE_ORIGIN: z.url().optional(),
  /** where Google publishes the keys its save/delete callbacks are signed with */
  GOOGLE_WALLET_ROOT_KEYS_URL: z.url().default('https://pay.google.com/gp/m/issuer/keys'),
  /** company messages (ADR 0027): campaigns a company may start in any 7 days */
  MESSAGE_CAMPAIGNS_PER_WEEK: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(MESSAGE_CAMPAIGNS_PER_WEEK_DEFAULT),
  /** operators' per-company exceptions to MESSAGE_CAMPAIGNS_PER_WEEK: `tenantA=10,tenantB=2` */
  MESSAGE_CAMPAIGNS_PER_WEEK_OVERRIDES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const overrides: Record<string, number> = {};
      for (const entry of value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const match = /^([^=\s]+)=(\d{1,4})$/.exec(entry);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${entry}": expected tenantId=number` });
          return z.NEVER;
        }
        overrides[match[1]!] = Number(match[2]);
      }
      return overrides;
    }),
  /** recipients per durable batch job of a campaign */
  MESSAGE_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  /** recipients of one batch served at a time (their writes share the store's group commit; rates stay the providers') */
  MESSAGE_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** e-mails of campaigns sent per second at most (the SMTP provider's rate; 0: no limit) */
  MESSAGE_EMAILS_PER_SECOND: z.coerce.number().min(0).max(10_000).default(50),
  /** unsubscribe link calls (read and one-click) one IP may make per minute (429 RATE_LIMITED above it) */
  MESSAGE_UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** how often (and once at start) the messages sweep schedules again a campaign's lost start or batches */
  MESSAGE_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** a campaign's start due this long ago that did not happen counts as lost */
  MESSAGE_START_GRACE_MINUTES: z.coerce.number().int().min(1).max(1440).default(2),
  /** a sending campaign with no delivered batch for this long (quiet hours not counted) has lost a batch */
  MESSAGE_STALE_MINUTES: z.coerce.number().int().min(5).max(1440).default(15),
});
export type NotificationConfig = z.infer<typeof NotificationEnv>;

/** What the notification service is built from: its configuration and the process's infrastructure. */
export type NotificationDeps = ServiceDeps<NotificationConfig>;

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

/** The APNs key file and key id come together or not at all. */
export function apnsKeyFile(config: NotificationConfig) {
  const { APNS_KEY_FILE: file, APNS_KEY_ID: keyId } = config;
  if (!file && !keyId) return null;
  if (!file || !keyId) throw new ConfigError(['APNS_KEY_FILE and APNS_KEY_ID: set both or neither']);
  return { file, keyId };
}
