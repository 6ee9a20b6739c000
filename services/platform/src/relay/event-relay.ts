import type { EventEnvelope } from '@punkto/contracts/events';
import type { OutgoingMessage, MessageBus } from '../bus/message-bus.port';
import type { EventStore, StoredEvent } from '../event-store/event-store.port';
import type { Metrics } from '../observability/metrics';
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

export function toMessage(envelope: EventEnvelope): OutgoingMessage {
  const headers: Record<string, string> = { 'event-type': envelope.type };
  if (envelope.traceparent) headers.traceparent = envelope.traceparent;
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
      await bus.publish(topic, [toMessage(toEnvelope(event))]);
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
