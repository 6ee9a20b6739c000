import type { FastifyInstance } from 'fastify';
import type { Consumer, IncomingMessage, RetryPolicy } from '../bus/message-bus.port';
import type { EventStore } from '../event-store/event-store.port';
import type { Logger } from '../observability/logger';
import { extractContext, SpanKind, withSpan } from '../observability/tracing';
import { startEventRelay, type EventRelay, type RelayRoute } from '../relay/event-relay';
import type { JobHandler } from '../scheduler/scheduler.port';
import type { Infrastructure } from './infrastructure';
import { onShutdown } from './shutdown';

export interface ConsumerSpec {
  groupId: string;
  topics: string[];
  handler: (message: IncomingMessage) => Promise<void>;
  retry?: Partial<RetryPolicy>;
}

/** Runs a bus handler inside a consumer span that continues the producer's trace (W3C `traceparent` header). */
export function traced(handler: (message: IncomingMessage) => Promise<void>) {
  return (message: IncomingMessage) =>
    withSpan(
      `consume ${message.topic}`,
      {
        kind: SpanKind.CONSUMER,
        parent: extractContext(message.headers),
        attributes: { 'messaging.destination.name': message.topic },
      },
      () => handler(message),
    );
}

export interface RunServiceOptions {
  name: string;
  app: FastifyInstance;
  infra: Infrastructure;
  logger: Logger;
  host: string;
  port: number;
  /** the service's own events → bus topics (the event store is the outbox) */
  relayRoutes?: RelayRoute[];
  /**
   * the store the relay tails; default `infra.eventStore` (what the log holds). A service whose log seals
   * personal data but whose consumers need it plain passes its unsealing view here (ADR 0006).
   */
  relayEventStore?: EventStore;
  consumers?: ConsumerSpec[];
  jobs?: Record<string, JobHandler>;
}

/**
 * Starts a service: HTTP, the outbox relay, bus consumers (each message handled inside a span continuing
 * the producer's trace) and scheduled jobs; stops them in reverse order on SIGINT/SIGTERM.
 */
export async function runService(options: RunServiceOptions): Promise<void> {
  const { app, infra, logger } = options;
  await app.listen({ host: options.host, port: options.port });

  let relay: EventRelay | undefined;
  if (options.relayRoutes?.length) {
    relay = startEventRelay({
      eventStore: options.relayEventStore ?? infra.eventStore,
      bus: infra.bus,
      checkpoints: infra.checkpoints,
      routes: options.relayRoutes,
      logger: logger.child({ component: 'relay' }),
    });
  }
  const consumers: Consumer[] = [];
  for (const spec of options.consumers ?? []) {
    consumers.push(
      await infra.bus.subscribe({
        groupId: spec.groupId,
        topics: spec.topics,
        retry: spec.retry,
        handler: traced(spec.handler),
      }),
    );
  }
  if (options.jobs && Object.keys(options.jobs).length) infra.scheduler.start(options.jobs);
  logger.info({ port: options.port }, `${options.name} ready`);

  onShutdown(logger, async () => {
    await app.close();
    for (const consumer of consumers) await consumer.stop();
    await relay?.stop();
    await infra.scheduler.stop();
    await infra.close();
  });
}
