import { defaultPorts } from '@punkto/contracts/routing';
import { envBoolean, envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const NotificationEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['notification']),
  /** the dev mailbox page at /dev/mailbox (embedded `.eml` mailer only); switch off in production */
  DEV_MAILBOX: envBoolean(true),
});
export type NotificationConfig = z.infer<typeof NotificationEnv>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(NotificationEnv, env);
