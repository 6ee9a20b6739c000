import { defaultPorts } from '@punkto/contracts/routing';
import {
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
});
export type NotificationConfig = z.infer<typeof NotificationEnv>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(NotificationEnv, env);
