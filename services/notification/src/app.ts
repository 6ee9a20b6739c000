import { Topics } from '@punkto/contracts/topics';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { NotificationConfig } from './config';
import { registerDevMailbox } from './dev-mailbox/dev-mailbox.routes';

/**
 * Notification service: e-mail, wallet passes and their live updates, company → customer messages, bug reports.
 */
export type NotificationDeps = ServiceDeps<NotificationConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [{ streamPrefix: 'message-', topic: Topics.notificationMessages }];

export async function buildApp(deps: NotificationDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('notification', deps);
  const { mailbox } = deps.infra;
  if (deps.config.DEV_MAILBOX && mailbox) registerDevMailbox(app, mailbox);
  return app;
}
