import type { FastifyInstance } from 'fastify';
import { DEFAULT_RETRY_POLICY } from '../bus/handle-with-retry';
import type { Consumer, IncomingMessage, MessageBus, RetryPolicy } from '../bus/message-bus.port';
import type { EventStore } from '../event-store/event-store.port';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { startMetricsServer, type MetricsServer } from '../observability/metrics-server';
import { extractContext, SpanKind, withSpan } from '../observability/tracing';
import { startEventRelay, type EventRelay, type RelayRoute } from '../relay/event-relay';
import type { JobHandler } from '../scheduler/scheduler.port';
import type { Infrastructure } from './infrastructure';

export interface ConsumerSpec {
  groupId: string;
  topics: string[];
  handler: (message: IncomingMessage) => Promise<void>;
  retry?: Partial<RetryPolicy>;
}

/**
 * Runs a bus handler inside a consumer span (OpenTelemetry messaging conventions: `process <topic>`, kind
 * CONSUMER) that continues the trace of the relay's `send` span, read from the message's W3C `traceparent`
 * header; each delivery attempt is a span of its own.
 */
export function traced(
  handler: (message: IncomingMessage) => Promise<void>,
  consumer: { groupId?: string; system?: string } = {},
) {
  const { groupId, system } = consumer;
  return (message: IncomingMessage) =>
    withSpan(
      `process ${message.topic}`,
      {
        kind: SpanKind.CONSUMER,
        parent: extractContext(message.headers),
        attributes: {
          'messaging.operation.type': 'process',
          'messaging.operation.name': 'process',
          'messaging.destination.name': message.topic,
          'messaging.destination.partition.id': String(message.partition),
          ...(system && { 'messaging.system': system }),
          ...(groupId && { 'messaging.consumer.group.name': groupId }),
          ...(message.headers['event-type'] && { 'punkto.event.type': message.headers['event-type'] }),
          ...(isEnvelope(message.value) && { 'messaging.message.id': message.value.id }),
          'punkto.delivery.attempt': message.attempt,
        },
      },
      () => handler(message),
    );
}

const isEnvelope = (value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * Counts a bus handler's outcomes per group and topic: `handled`, `failed` (an attempt that threw) and
 * `dead_lettered` (the last attempt of the retry policy threw, so the bus moves the message to `.dlq`).
 */
export function counted(
  spec: Pick<ConsumerSpec, 'groupId' | 'retry'>,
  metrics: Pick<Metrics, 'bus'>,
  handler: (message: IncomingMessage) => Promise<void>,
) {
  const maxAttempts = spec.retry?.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts;
  return async (message: IncomingMessage) => {
    const labels = { group: spec.groupId, topic: message.topic };
    try {
      await handler(message);
      metrics.bus.messages.inc({ ...labels, outcome: 'handled' });
    } catch (error) {
      metrics.bus.messages.inc({ ...labels, outcome: 'failed' });
      if (message.attempt >= maxAttempts) metrics.bus.messages.inc({ ...labels, outcome: 'dead_lettered' });
      throw error;
    }
  };
}

/**
 * Subscribes one consumer as every service runs it: traced, its outcomes counted and its group's lag
 * reported on every scrape (the lag keeps being reported while the consumer is stopped).
 */
export async function startConsumer(
  bus: MessageBus,
  spec: ConsumerSpec,
  metrics?: Metrics,
): Promise<Consumer> {
  const handler = traced(spec.handler, { groupId: spec.groupId, system: bus.system });
  const consumer = await bus.subscribe({
    groupId: spec.groupId,
    topics: spec.topics,
    retry: spec.retry,
    handler: metrics ? counted(spec, metrics, handler) : handler,
  });
  metrics?.bus.watchConsumerLag(spec.groupId, spec.topics, (group, topics) => bus.consumerLag(group, topics));
  return consumer;
}

export interface RunServiceOptions {
  name: string;
  /** its own server, listening on host:port; absent when it is mounted on another module's server */
  app?: FastifyInstance;
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
  /** the process's metrics: relay, consumers (outcomes and lag) and the scheduler's backlog feed them */
  metrics?: Metrics;
  /** where `/metrics` listens (its own port, ADR 0019); absent = not served */
  metricsListener?: { host: string; port: number };
  /** the service's warm-up (BuiltService.warmUp), started by `warmUp()` of the running service */
  warmUp?: () => Promise<void>;
}

/** A started service; `stop()` ends its work and closes its stores (the process's signals are its host's). */
export interface RunningService {
  name: string;
  /**
   * Starts the work the module serves without (BuiltService.warmUp) and returns at once; its host calls it
   * when every module of the process is up. A failure is logged, never thrown.
   */
  warmUp?(): void;
  stop(): Promise<void>;
}

/**
 * Starts a service: HTTP (when it has a server of its own), the outbox relay, bus consumers (each message handled inside a span continuing
 * the producer's trace, and counted), scheduled jobs and the `/metrics` listener. `stop()` stops them in
 * reverse order; its host calls it on SIGINT/SIGTERM (bootService alone, or the process hosting several
 * modules, ADR 0028).
 */
export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const { app, infra, logger } = options;
  await app?.listen({ host: options.host, port: options.port });

  let relay: EventRelay | undefined;
  if (options.relayRoutes?.length) {
    relay = startEventRelay({
      eventStore: options.relayEventStore ?? infra.eventStore,
      bus: infra.bus,
      checkpoints: infra.checkpoints,
      routes: options.relayRoutes,
      logger: logger.child({ component: 'relay' }),
      metrics: options.metrics,
    });
  }
  const consumers: Consumer[] = [];
  const { metrics } = options;
  for (const spec of options.consumers ?? []) consumers.push(await startConsumer(infra.bus, spec, metrics));
  if (options.jobs && Object.keys(options.jobs).length) {
    infra.scheduler.start(options.jobs);
    metrics?.scheduler.watchBacklog(() => infra.scheduler.dueCount());
  }
  let metricsServer: MetricsServer | undefined;
  if (metrics && options.metricsListener) {
    metricsServer = await startMetricsServer(metrics, options.metricsListener);
    logger.info(
      { metricsPort: metricsServer.port, metricsHost: options.metricsListener.host },
      'metrics served',
    );
  }
  logger.info(app ? { port: options.port } : { mounted: true }, `${options.name} ready`);

  const { warmUp } = options;
  return {
    name: options.name,
    ...(warmUp && {
      warmUp: () => {
        const started = performance.now();
        Promise.resolve()
          .then(warmUp)
          .then(
            () => logger.info({ ms: Math.round(performance.now() - started) }, 'warm-up done'),
            (error: unknown) =>
              logger.warn({ err: error }, 'warm-up failed: the work is done on first use instead'),
          );
      },
    }),
    stop: async () => {
      await app?.close();
      await metricsServer?.close();
      for (const consumer of consumers) await consumer.stop();
      await relay?.stop();
      await infra.scheduler.stop();
      await infra.close();
    },
  };
}
