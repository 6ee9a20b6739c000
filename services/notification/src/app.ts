import { Topics } from '@punkto/contracts/topics';
import { csrfPlugin } from '@punkto/platform/http/csrf-plugin';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import {
  createServiceServer,
  type BuiltService,
  type ServiceDeps,
} from '@punkto/platform/runtime/service-server';
import type { NotificationConfig } from './config';
import { registerDevMailbox } from './dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { createFeedbackService } from './feedback/feedback.service';
import { applePassRoutes } from './passes/apple-pass.routes';
import { applePasses } from './passes/apple-passes';
import { passCopies } from './passes/pass-copies';
import { passesConsumer } from './passes/passes.consumer';

/**
 * Notification service: e-mail, wallet passes and their live updates, company → customer messages, bug reports.
 */
export type NotificationDeps = ServiceDeps<NotificationConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'message-', topic: Topics.notificationMessages }];

export async function buildService(deps: NotificationDeps): Promise<BuiltService> {
  const app = await createServiceServer('notification', deps);
  await app.register(csrfPlugin, { allowedOrigins: deps.config.CSRF_ALLOWED_ORIGINS });
  const { mailbox } = deps.infra;
  if (deps.config.DEV_MAILBOX !== 'off' && mailbox)
    registerDevMailbox(app, mailbox, { loopbackOnly: deps.config.DEV_MAILBOX === 'loopback' });
  const feedback = await createFeedbackService({
    documents: deps.infra.documents,
    mailer: deps.infra.mailer,
    logger: deps.logger,
    clock: deps.clock,
    operatorEmails: deps.config.OPERATOR_EMAILS,
    perUserPerHour: deps.config.FEEDBACK_RATE_LIMIT_PER_HOUR,
  });
  feedbackRoutes(app, feedback);
  // what wallet passes show, kept from the card ledger's and the tenant service's events (ADR 0012)
  const copies = passCopies(deps.infra.documents);
  await copies.ensureIndexes();
  const apple = applePasses({ copies, config: deps.config, clock: deps.clock });
  if (apple.development)
    deps.logger.warn(
      'Apple passes are signed by a development chain (DATA_DIR/apple-pass-dev): phones refuse them; README, "Apple Wallet certificates"',
    );
  applePassRoutes(app, apple, { developmentChain: deps.config.APPLE_PASS_DEVELOPMENT_CHAIN });
  return { app, consumers: [passesConsumer(copies, consumerContext(deps))] };
}
