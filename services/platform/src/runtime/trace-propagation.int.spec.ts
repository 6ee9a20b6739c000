import { trace } from '@opentelemetry/api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from '../bus/message-bus.port';
import { SqliteMessageBus } from '../bus/sqlite-message-bus';
import { commandHandler } from '../es/command-handler';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { initTracing, withSpan } from '../observability/tracing';
import { startEventRelay } from '../relay/event-relay';
import { SqliteCheckpointStore } from '../relay/sqlite-checkpoint-store';
import { traced } from './run-service';

describe('W3C trace context from a command to a consumer in another service', () => {
  initTracing('trace-test');
  const dir = mkdtempSync(join(tmpdir(), 'punkto-trace-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the consumer span belongs to the trace of the request that appended the event', async () => {
    const store = SqliteEventStore.open(join(dir, 'events.db'));
    const bus = SqliteMessageBus.open(join(dir, 'bus.db'));
    const checkpoints = SqliteCheckpointStore.open(join(dir, 'checkpoints.db'));
    const silent = { info: () => {}, error: () => {} };
    const relay = startEventRelay({
      eventStore: store,
      bus,
      checkpoints,
      routes: [{ streamPrefix: 'counter-', topic: 'test.counters.v1' }],
      logger: silent,
    });
    const seen: Array<{ traceId?: string; parentHeader?: string; message: IncomingMessage }> = [];
    let done!: () => void;
    const received = new Promise<void>((r) => (done = r));
    const consumer = await bus.subscribe({
      groupId: 'trace-test',
      topics: ['test.counters.v1'],
      handler: traced(async (message) => {
        seen.push({
          traceId: trace.getActiveSpan()?.spanContext().traceId,
          parentHeader: message.headers.traceparent,
          message,
        });
        done();
      }),
    });
    const counter = {
      initialState: () => 0,
      evolve: (n: number) => n + 1,
      decide: () => [{ type: 'Incremented', data: {} }],
    };
    const requestTraceId = await withSpan('POST /counters', {}, async (span) => {
      await commandHandler(store, counter)('counter-1', {});
      return span.spanContext().traceId;
    });
    await received;
    await consumer.stop();
    await relay.stop();
    await Promise.all([bus.close(), checkpoints.close(), store.close()]);

    const reopened = SqliteEventStore.open(join(dir, 'events.db'));
    const [event] = await reopened.readStream('counter-1');
    await reopened.close();
    expect(event!.metadata.traceparent).toContain(requestTraceId);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.parentHeader).toContain(requestTraceId);
    expect(seen[0]!.traceId).toBe(requestTraceId);
    expect((seen[0]!.message.value as { traceparent: string }).traceparent).toContain(requestTraceId);
  });
});
