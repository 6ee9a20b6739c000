/**
 * Child process of the campaign restart test (campaign-restart.int.spec.ts): the notification service as
 * main.ts builds it — its real app, embedded stores in DATA_DIR, the wallet adapters the environment selects —
 * with its durable scheduler running the jobs. Run as
 *   node --import tsx campaign-sender.fixture.ts <campaignId>
 * with the service's environment (DATA_DIR, APNS_*, GOOGLE_WALLET_*) and CLOCK_AT: the instant the process's
 * one clock starts from — the service's and its scheduler's (daytime in Warsaw, so the quiet hours do not hold
 * the campaign whenever the test runs; the local APNs and Google keep the same time).
 * Prints READY once the jobs run and DONE when the campaign is sent; the parent may SIGKILL it at any moment.
 */
import { createLogger } from '@punkto/platform/observability/logger';
import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { SqliteScheduler } from '@punkto/platform/scheduler/sqlite-scheduler';
import { testTokens } from '@punkto/platform/testing/test-tokens';
import { join, resolve } from 'node:path';
import { buildService } from '../../app';
import { NotificationEnv } from '../../config';

const [campaignId] = process.argv.slice(2);
if (!campaignId) throw new Error('usage: campaign-sender.fixture.ts <campaignId>');
const offset = Date.parse(process.env['CLOCK_AT'] ?? '') - Date.now();
if (Number.isNaN(offset)) throw new Error('CLOCK_AT: an instant');
const clock = () => new Date(Date.now() + offset);

const config = NotificationEnv.parse({ ...process.env, LOG_LEVEL: 'silent' });
const logger = createLogger('notification', 'silent');
const opened = await openInfrastructure('notification', config, logger);
// the service's durable scheduler on the process's clock (bootService gives every part the system clock)
const scheduler = SqliteScheduler.open(join(resolve(config.DATA_DIR), 'notification', 'scheduler.db'), {
  now: clock,
  pollIntervalMs: 20,
});
const infra = { ...opened, scheduler };
const built = await buildStandalone('notification', buildService, {
  config,
  logger,
  infra,
  jwks: (await testTokens()).jwks,
  clock,
});
await built.app.ready();
scheduler.start(built.jobs ?? {});
process.stdout.write('READY\n');

const campaigns = infra.documents.collection<{ _id: string; status: string }>('message_campaigns');
for (;;) {
  const campaign = await campaigns.get(campaignId);
  if (campaign?.status === 'sent') break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await scheduler.close();
await built.app.close();
await opened.close();
process.stdout.write('DONE\n');
process.exit(0);
