import type { EventEnvelope } from '@punkto/contracts/events';
import type { OutgoingMessage, MessageBus, TopicMessages } from '../bus/message-bus.port';
import type { EventStore, StoredEvent } from '../event-store/event-store.port';
import type { Metrics } from '../observability/metrics';
import { extractContext, injectTraceHeaders, SpanKind, tracer } from '../observability/tracing';
import { context, ROOT_CONTEXT, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { startCatchUpSubscription } from './catch-up-subscription';
import type { CheckpointStore } from './checkpoint-store.port';

/**
 * The event relay: tails a service's own event store from a stored checkpoint and publishes integration
 * events to the bus (ARCHITECTURE §1 — the event store IS the outbox, so there is no dual write).
 *
 * Delivery is AT-LEAST-ONCE: a batch of events (what one read of the store found) is published in one bus
 * call, then the checkpoint is saved at its last event. A crash between the two (or a failed publish or save)
 * republishes that batch after restart; consumers dedupe by envelope `id`. The checkpoint never passes an
 * event that was not published. Order per aggregate holds: batches go in store order, and inside one the
 * messages keep store order per topic, keyed by aggregate id.
 */

export interface RelayRoute {
  /** e.g. `card-`; the longest matching prefix wins */
  streamPrefix: string;
  /** e.g. `cardledger.cards.v1` */
  topic: string;
}

export interface RelayLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EventRelayOptions {
  eventStore: EventStore;
  bus: MessageBus;
  checkpoints: CheckpointStore;
  routes: RelayRoute[];
  logger: RelayLogger;
  /** checkpoint name; one per relay (default `event-relay`) */
  name?: string;
  /** first pause before a restart from the checkpoint (default and growth: catch-up-subscription.ts) */
  retryBackoffMs?: number;
  /** publications and failures for /metrics (delay between an event's recording and its publication) */
  metrics?: Pick<Metrics, 'relay'>;
}

export interface EventRelay {
  /** waits for the in-flight publish + checkpoint save, then stops */
  stop(): Promise<void>;
}

/** Maps a stored event to the integration-event envelope of contracts/src/events.ts. */
export function toEnvelope(event: StoredEvent): EventEnvelope {
  const { metadata } = event;
  return {
    id: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    occurredAt: event.recordedAt,
    tenantId: metadata.tenantId ?? null,
    aggregateId: event.streamId.slice(event.streamId.indexOf('-') + 1),
    correlationId: metadata.correlationId ?? event.id,
    causationId: metadata.causationId ?? null,
    traceparent: metadata.traceparent ?? null,
    data: event.data,
  };
}

/**
 * The bus message of an envelope. Its `traceparent` header is the active span's (the relay's `send` span),
 * so the consumer's span is that span's child; without one being traced, the envelope's own.
 */
export function toMessage(envelope: EventEnvelope): OutgoingMessage {
  const headers: Record<string, string> = { 'event-type': envelope.type };
  const traceparent = injectTraceHeaders({}).traceparent ?? envelope.traceparent;
  if (traceparent) headers.traceparent = traceparent;
  return { key: envelope.aggregateId, value: envelope, headers };
}

export function startEventRelay(options: EventRelayOptions): EventRelay {
  const { bus, logger } = options;
  const name = options.name ?? 'event-relay';
  const routes = [...options.routes].sort((a, b) => b.streamPrefix.length - a.streamPrefix.length);
  const topicOf = (streamId: string) => routes.find((r) => streamId.startsWith(r.streamPrefix))?.topic;

  // each batch the event store delivers is published in ONE bus call (SQLite: one transaction, one fsync),
  // then the position of its last event saved (catch-up-subscription.ts: at-least-once, in order)
  return startCatchUpSubscription({
    eventStore: options.eventStore,
    checkpoints: options.checkpoints,
    name,
    streamPrefixes: routes.map((r) => r.streamPrefix),
    batchHandler: async (events) => {
      const sends: Array<{ topic: string; event: StoredEvent; message: OutgoingMessage; span: Span }> = [];
      for (const event of events) {
        const topic = topicOf(event.streamId);
        if (!topic) continue;
        const envelope = toEnvelope(event);
        // a PRODUCER `send` span per event (OpenTelemetry messaging conventions) in the trace of the append
        // that recorded it, so one trace runs request → append → send → the consumers' `process` spans; the
        // message's traceparent header is this span's. All spans of the batch last as long as its publish.
        const parent = extractContext(
          envelope.traceparent ? { traceparent: envelope.traceparent } : {},
          ROOT_CONTEXT,
        );
        const span = tracer().startSpan(
          `send ${topic}`,
          {
            kind: SpanKind.PRODUCER,
            attributes: {
              'messaging.operation.type': 'send',
              'messaging.operation.name': 'send',
              'messaging.destination.name': topic,
              ...(bus.system && { 'messaging.system': bus.system }),
              'messaging.message.id': envelope.id,
              'punkto.event.type': envelope.type,
            },
          },
          parent,
        );
        const message = context.with(trace.setSpan(parent, span), () => toMessage(envelope));
        sends.push({ topic, event, message, span });
      }
      if (sends.length === 0) return;
      try {
        await bus.publishBatch(byTopicInOrder(sends));
      } catch (error) {
        for (const { span } of sends) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        throw error;
      } finally {
        for (const { span } of sends) span.end();
      }
      for (const { topic, event } of sends) options.metrics?.relay.published(topic, event.recordedAt);
    },
    onStart: (fromPosition) =>
      logger.info(
        { relay: name, fromPosition: fromPosition ?? null },
        'event relay starting from checkpoint',
      ),
    onError: (error, retryInMs) => {
      options.metrics?.relay.failed();
      logger.error({ err: error, relay: name, retryInMs }, 'event relay failed; restarting from checkpoint');
    },
    retryBackoffMs: options.retryBackoffMs,
  });
}

/** Consecutive messages of one topic as one share, in store order (so each key keeps its order). */
function byTopicInOrder(sends: Array<{ topic: string; message: OutgoingMessage }>): TopicMessages[] {
  const batch: TopicMessages[] = [];
  for (const { topic, message } of sends) {
    const last = batch[batch.length - 1];
    if (last?.topic === topic) last.messages.push(message);
    else batch.push({ topic, messages: [message] });
  }
  return batch;
}
