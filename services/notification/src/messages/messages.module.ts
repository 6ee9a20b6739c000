import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { FastifyInstance } from 'fastify';
import type { NotificationDeps } from '../config';
import type { CompanyCopies, WalletMessenger } from '../shared/wallet-messenger.port';
import { campaignSending } from './campaign-sending';
import { campaignSweep, MESSAGE_SWEEP_JOB, MESSAGE_SWEEP_JOB_ID } from './campaign-sweep';
import { messageCardsConsumer, messageClientsConsumer, messageIdentityConsumer } from './messages.consumer';
import { messagesContext } from './messages-context';
import { messagesRoutes } from './messages.routes';
import { unsubscribes } from './unsubscribe';
import { AUTOMATION_SEND_JOB, deliverAutomation } from './automation-sending';
import {
  AUTOMATION_SWEEP_JOB,
  AUTOMATION_SWEEP_JOB_ID,
  nextSweepAt,
  winBackSweep,
} from './automation-triggers';

/**
 * The company messages module (ADR 0027): campaigns, their sending by e-mail and on the wallet passes (through
 * `wallet`, the passes module's side of the port), the sweep, unsubscribes, and the copies of cards, clients and
 * people it keeps from the other services' events.
 */
export async function buildMessages(
  deps: NotificationDeps,
  passes: { wallet: WalletMessenger; companies: CompanyCopies },
): Promise<{
  routes: (app: FastifyInstance) => Promise<void>;
  consumers: ConsumerSpec[];
  jobs: Record<string, JobHandler>;
}> {
  const { scheduler } = deps.infra;
  const messages = await messagesContext({
    eventStore: deps.infra.eventStore,
    documents: deps.infra.documents,
    scheduler,
    mailer: deps.infra.mailer,
    wallet: passes.wallet,
    passCopies: passes.companies,
    config: deps.config,
    logger: deps.logger,
    clock: deps.clock,
  });
  const sending = campaignSending(messages);
  // the sweep runs at start and then every MESSAGE_SWEEP_INTERVAL_MINUTES (ADR 0027 "The sweep")
  const sweep = campaignSweep(messages);
  const sweepEvery = deps.config.MESSAGE_SWEEP_INTERVAL_MINUTES * 60_000;
  const scheduleSweep = (runAt: Date) =>
    scheduler.schedule({ id: MESSAGE_SWEEP_JOB_ID, type: MESSAGE_SWEEP_JOB, runAt, payload: {} });
  await scheduleSweep(deps.clock());
  // the win-back sweep (ADR 0060): once at start (today's, when the service was down at 10:00; a whole day down is
  // not swept afterwards: win-back is due on exactly day N), then daily at 10:00
  const scheduleAutomationSweep = (runAt: Date) =>
    scheduler.schedule({ id: AUTOMATION_SWEEP_JOB_ID, type: AUTOMATION_SWEEP_JOB, runAt, payload: {} });
  await scheduleAutomationSweep(deps.clock());
  const context = consumerContext(deps);
  return {
    routes: (app) => messagesRoutes(app, messages, unsubscribes(messages)),
    consumers: [
      messageCardsConsumer(messages, context),
      messageClientsConsumer(messages, context),
      messageIdentityConsumer(messages, context),
    ],
    jobs: {
      ...sending.jobs,
      [AUTOMATION_SEND_JOB]: async (job) =>
        deliverAutomation(sending.deps, (job.payload as { sendId: string }).sendId),
      [AUTOMATION_SWEEP_JOB]: async () => {
        try {
          await winBackSweep(messages);
        } finally {
          await scheduleAutomationSweep(nextSweepAt(deps.clock()));
        }
      },
      [MESSAGE_SWEEP_JOB]: async () => {
        try {
          await sweep.sweep();
        } finally {
          await scheduleSweep(new Date(deps.clock().getTime() + sweepEvery));
        }
      },
    },
  };
}
