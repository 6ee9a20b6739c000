import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import type { BuiltService } from '@punkto/platform/runtime/service-server';
import type { NotificationDeps } from './config';
import { buildFeedback } from './feedback/feedback.module';
import { buildMessages } from './messages/messages.module';
import { buildPasses } from './passes/passes.module';
import { registerAll, type RouteRegistrations } from './shared/route-registrations';
import type { WalletMessenger } from './shared/wallet-messenger.port';

/**
 * Notification service: three modules behind one server — wallet passes and their live updates (`passes/`),
 * company → customer messages (`messages/`), bug reports and the dev mailbox (`feedback/`). They import nothing
 * of each other (scripts/lint/boundaries.js); what passes and messages share is the port in `shared/`.
 */
export type { NotificationDeps };

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'message-', topic: Topics.notificationMessages }];

export async function buildService(
  deps: NotificationDeps,
  /** tests of the campaign engine may stand in for the passes' side of the port */
  options: { walletMessenger?: WalletMessenger } = {},
): Promise<BuiltService & { walletMessenger: WalletMessenger }> {
  // the routes, registered in this order in the scope its host gives (runtime/service-server.ts)
  const routes: RouteRegistrations = [];
  await buildFeedback(routes, deps);
  const passes = await buildPasses(routes, deps);
  const messages = await buildMessages(routes, deps, {
    wallet: options.walletMessenger ?? passes.walletMessenger,
    companies: passes.companies,
  });
  passes.start();
  return {
    routes: (app) => registerAll(routes, app),
    consumers: [...passes.consumers, ...messages.consumers],
    jobs: messages.jobs,
    walletMessenger: passes.walletMessenger,
    // the development signing keys (Apple's chain: three RSA keys; Google's save-link key): generated once
    // the process is up instead of before it can answer, or by the first pass or link if that comes first
    warmUp: passes.warmUp,
  };
}
