import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consumer, IncomingMessage } from '../bus/message-bus.port';
import { SqliteMessageBus } from '../bus/sqlite-message-bus';
import { startConsumer } from '../runtime/run-service';
import { parsePrometheusText } from '../testing/prometheus-text';
import { createMetrics, type Metrics } from './metrics';

// A consumer started as runService starts it, on the embedded bus, read through the process's /metrics:
// the lag Prometheus scrapes must show a stopped consumer falling behind and catching up after a restart.
// (The scrape cache is set to expire at once: each read is fresh.)
const TOPIC = 'tenant.clients.v1';
const GROUP = 'card-ledger.tenant-clients';

let dir: string;
let bus: SqliteMessageBus;
let metrics: Metrics;
let now = 0;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'punkto-lag-'));
  bus = SqliteMessageBus.open(join(dir, 'bus.db'), { pollIntervalMs: 20 });
  metrics = createMetrics('card-ledger', { processMetrics: false, now: () => (now += 10_000) });
});
afterEach(async () => {
  await bus.close();
  await rm(dir, { recursive: true, force: true });
});

const scrape = async () => parsePrometheusText((await metrics.exposition()).body);
const lag = async () => (await scrape()).sum('punkto_bus_consumer_lag', { group: GROUP, topic: TOPIC });
const publish = (count: number) =>
  bus.publish(
    TOPIC,
    Array.from({ length: count }, (_, i) => ({ key: `client-${i}`, value: { type: 'ClientEnrolled', i } })),
  );

describe('consumer lag on /metrics', () => {
  it('rises while the consumer is stopped and falls back to 0 once it restarts', async () => {
    const handled: IncomingMessage[] = [];
    const spec = {
      groupId: GROUP,
      topics: [TOPIC],
      handler: async (m: IncomingMessage) => void handled.push(m),
    };
    let consumer: Consumer = await startConsumer(bus, spec, metrics);
    await publish(2);
    await vi.waitFor(() => expect(handled).toHaveLength(2), { timeout: 5000 });
    await vi.waitFor(async () => expect(await lag()).toBe(0), { timeout: 5000 });

    await consumer.stop();
    await publish(5);
    expect(await lag()).toBe(5);
    await publish(3);
    expect(await lag()).toBe(8);

    consumer = await startConsumer(bus, spec, metrics);
    await vi.waitFor(() => expect(handled).toHaveLength(10), { timeout: 5000 });
    await vi.waitFor(async () => expect(await lag()).toBe(0), { timeout: 5000 });
    expect((await scrape()).sum('punkto_bus_messages_total', { group: GROUP, outcome: 'handled' })).toBe(10);
    await consumer.stop();
  });
});
