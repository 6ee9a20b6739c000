import type { EventEnvelope } from '@punkto/contracts/events';
import type { OutgoingMessage, MessageBus } from '../bus/message-bus.port';
import type { EventStore, StoredEvent } from '../event-store/event-store.port';
import type { Metrics } from '../observability/metrics';
import { extractContext, injectTraceHeaders, SpanKind, withSpan } from '../observability/tracing';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { startCatchUpSubscription } from './catch-up-subscription';
import type { CheckpointStore } from './checkpoint-store.port';

/**
 * The event relay: tails a service's own event store from a stored checkpoint and publishes integration
 * events to the bus (ARCHITECTURE §1 — the event store IS the outbox, so there is no dual write).
 *
 * Delivery is AT-LEAST-ONCE: an event is published, then the checkpoint is saved. A crash between the two
 * (or a failed save) republishes that event after restart; consumers dedupe by envelope `id`.
 * Order per aggregate holds: events are forwarded one at a time in store order, keyed by aggregate id.
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

  // each event is published, then its position saved (catch-up-subscription.ts: at-least-once, in order)
  return startCatchUpSubscription({
    eventStore: options.eventStore,
    checkpoints: options.checkpoints,
    name,
    streamPrefixes: routes.map((r) => r.streamPrefix),
    handler: async (event) => {
      const topic = topicOf(event.streamId);
      if (!topic) return;
      const envelope = toEnvelope(event);
      // a PRODUCER `send` span (OpenTelemetry messaging conventions) in the trace of the append that
      // recorded the event, so one trace runs request → append → send → the consumers' `process` spans
      await withSpan(
        `send ${topic}`,
        {
          kind: SpanKind.PRODUCER,
          parent: extractContext(
            envelope.traceparent ? { traceparent: envelope.traceparent } : {},
            ROOT_CONTEXT,
          ),
          attributes: {
            'messaging.operation.type': 'send',
            'messaging.operation.name': 'send',
            'messaging.destination.name': topic,
            ...(bus.system && { 'messaging.system': bus.system }),
            'messaging.message.id': envelope.id,
            'punkto.event.type': envelope.type,
          },
        },
        () => bus.publish(topic, [toMessage(envelope)]),
      );
      options.metrics?.relay.published(topic, event.recordedAt);
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
