import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import type { BuiltService } from '@punkto/platform/runtime/service-server';
import type { NotificationDeps } from './config';
import { buildFeedback } from './feedback/feedback.module';
import { AUTOMATION_STREAM_PREFIX } from './messages/automation';
import { CAMPAIGN_STREAM_PREFIX } from './messages/campaign';
import { buildMessages } from './messages/messages.module';
import { buildPasses } from './passes/passes.module';
import type { WalletMessenger } from './shared/wallet-messenger.port';

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: CAMPAIGN_STREAM_PREFIX, topic: Topics.notificationMessages },
  // the automatic messages' settings and their e-mails' unsubscribes (ADR 0060)
  { streamPrefix: AUTOMATION_STREAM_PREFIX, topic: Topics.notificationMessages },
];

/**
 * Notification service: three modules behind one server — wallet passes and their live updates (`passes/`),
 * company → customer messages (`messages/`), bug reports and the dev mailbox (`feedback/`). They import nothing
 * of each other (scripts/lint/boundaries.js); what passes and messages share is the port in `shared/`.
 */
export async function buildService(
  deps: NotificationDeps,
  /** tests of the campaign engine may stand in for the passes' side of the port */
  options: { walletMessenger?: WalletMessenger } = {},
): Promise<BuiltService & { walletMessenger: WalletMessenger }> {
  const feedback = await buildFeedback(deps);
  const passes = await buildPasses(deps);
  const messages = await buildMessages(deps, {
    wallet: options.walletMessenger ?? passes.walletMessenger,
    companies: passes.companies,
  });
  passes.start();
  return {
    // each module's routes, in the scope its host gives (runtime/service-server.ts)
    routes: async (app) => {
      feedback.routes(app);
      passes.routes(app);
      await messages.routes(app);
    },
    consumers: [...passes.consumers, ...messages.consumers],
    jobs: { ...messages.jobs, ...passes.jobs },
    walletMessenger: passes.walletMessenger,
    // the development signing keys (Apple's chain: three RSA keys; Google's save-link key): generated once
    // the process is up instead of before it can answer, or by the first pass or link if that comes first
    warmUp: passes.warmUp,
  };
}
