import type { EventEnvelope } from '@punkto/contracts/events';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from '../bus/message-bus.port';

/**
 * An event as a service's bus consumer receives it in int specs: the envelope the relay publishes (ids,
 * times, the tenant from the payload) as the value of one message. Hand it to the ConsumerSpec the service
 * built, as `runService` would.
 */
export function eventMessage(
  topic: string,
  type: string,
  data: object,
  options: { id?: string; aggregateId?: string } = {},
): IncomingMessage {
  const id = options.id ?? randomUUID();
  const now = new Date().toISOString();
  const aggregateId = options.aggregateId ?? 'x';
  const value: EventEnvelope = {
    id,
    type,
    schemaVersion: 1,
    occurredAt: now,
    tenantId: (data as { tenantId?: string }).tenantId ?? null,
    aggregateId,
    correlationId: id,
    causationId: null,
    traceparent: null,
    data,
  };
  return {
    topic,
    partition: 0,
    offset: '0',
    key: aggregateId,
    value,
    headers: { 'event-type': type },
    attempt: 1,
    timestamp: now,
  };
}
