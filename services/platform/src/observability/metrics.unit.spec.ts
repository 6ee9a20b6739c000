import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors/errors';
import type { EventStore } from '../event-store/event-store.port';
import type { IncomingMessage } from '../bus/message-bus.port';
import { counted } from '../runtime/run-service';
import { parsePrometheusText } from '../testing/prometheus-text';
import { instrumentEventStore } from './instrumented-event-store';
import { createMetrics, statusClass } from './metrics';

const scrape = async (metrics: ReturnType<typeof createMetrics>) =>
  parsePrometheusText((await metrics.exposition()).body);

const message = (attempt: number): IncomingMessage => ({
  topic: 'tenant.clients.v1',
  partition: 0,
  offset: '1',
  key: 'k',
  value: {},
  headers: {},
  attempt,
  timestamp: new Date().toISOString(),
});

describe('the metrics of one process', () => {
  it('exposes valid Prometheus text with process metrics, all prefixed and labelled with the service', async () => {
    const metrics = createMetrics('card-ledger');
    const text = await scrape(metrics);
    expect(text.types.get('punkto_process_cpu_user_seconds_total')).toBe('counter');
    expect(text.types.get('punkto_http_request_duration_seconds')).toBe('histogram');
    expect([...text.types.keys()].every((name) => name.startsWith('punkto_'))).toBe(true);
    expect(text.samples.every((s) => s.labels.service === 'card-ledger')).toBe(true);
  });

  it('reads the scheduler backlog at scrape time; a store that fails reads as unknown (NaN), not 0', async () => {
    let due: number | Error = 4;
    const metrics = createMetrics('survey', { processMetrics: false });
    metrics.scheduler.watchBacklog(async () => {
      if (due instanceof Error) throw due;
      return due;
    });
    const backlog = async () =>
      (await scrape(metrics)).samples
        .filter((s) => s.name === 'punkto_scheduler_backlog')
        .map((s) => s.value);
    expect(await backlog()).toEqual([4]);
    due = new Error('database is locked');
    expect(await backlog()).toEqual([NaN]);
    due = 0;
    expect(await backlog()).toEqual([0]);
  });

  it('reads consumer lag at scrape time, reuses a reading for 5 s and leaves out a bus that fails', async () => {
    let now = 0;
    let lag = 3;
    let reads = 0;
    const metrics = createMetrics('tenant', { processMetrics: false, now: () => now });
    metrics.bus.watchConsumerLag('tenant.clients', ['a.v1'], async (_group, topics) => {
      reads++;
      return topics.map((topic) => ({ topic, partition: 0, lag }));
    });
    metrics.bus.watchConsumerLag('tenant.broken', ['b.v1'], async () => {
      throw new Error('broker down');
    });
    const lagOf = async () =>
      (await scrape(metrics)).sum('punkto_bus_consumer_lag', { group: 'tenant.clients', topic: 'a.v1' });

    expect(await lagOf()).toBe(3);
    lag = 0;
    now = 4_999;
    expect(await lagOf()).toBe(3);
    now = 5_000;
    expect(await lagOf()).toBe(0);
    expect(reads).toBe(2);
    expect((await scrape(metrics)).sum('punkto_bus_consumer_lag', { group: 'tenant.broken' })).toBe(0);
  });

  it('records the relay delay between recording and publication', async () => {
    const metrics = createMetrics('tenant', {
      processMetrics: false,
      now: () => Date.parse('2026-01-01T00:00:02Z'),
    });
    metrics.relay.published('tenant.clients.v1', '2026-01-01T00:00:00Z');
    const text = await scrape(metrics);
    expect(text.sum('punkto_relay_lag_seconds')).toBe(2);
    expect(text.sum('punkto_relay_published_total', { topic: 'tenant.clients.v1' })).toBe(1);
    expect(text.sum('punkto_relay_delay_seconds_count')).toBe(1);
  });

  it('counts handled, failed and dead-lettered bus messages per group and topic', async () => {
    const metrics = createMetrics('card-ledger', { processMetrics: false });
    const ok = counted({ groupId: 'g' }, metrics, async () => {});
    const failing = counted({ groupId: 'g', retry: { maxAttempts: 2 } }, metrics, async () => {
      throw new Error('no');
    });
    await ok(message(1));
    await expect(failing(message(1))).rejects.toThrow('no');
    await expect(failing(message(2))).rejects.toThrow('no');
    const text = await scrape(metrics);
    const outcome = (o: string) =>
      text.sum('punkto_bus_messages_total', { group: 'g', topic: 'tenant.clients.v1', outcome: o });
    expect([outcome('handled'), outcome('failed'), outcome('dead_lettered')]).toEqual([1, 2, 1]);
  });

  it('times appends by outcome and counts events and the business facts they record', async () => {
    const metrics = createMetrics('card-ledger', { processMetrics: false });
    let conflict = false;
    const store = instrumentEventStore(
      {
        appendToStream: async () => {
          if (conflict) throw new ConcurrencyError('card-1', 0, 1);
          return { nextExpectedRevision: 1, position: '2' };
        },
      } as unknown as EventStore,
      metrics,
    );
    await store.appendToStream('card-1', [
      { type: 'StampsAdded', data: {} },
      { type: 'RewardRedeemed', data: {} },
    ]);
    conflict = true;
    await expect(store.appendToStream('card-1', [{ type: 'PointsEarned', data: {} }])).rejects.toThrow();
    const text = await scrape(metrics);
    expect(text.sum('punkto_event_store_append_duration_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(text.sum('punkto_event_store_append_duration_seconds_count', { outcome: 'conflict' })).toBe(1);
    expect(text.sum('punkto_events_appended_total', { type: 'StampsAdded' })).toBe(1);
    expect(text.sum('punkto_business_events_total', { fact: 'award', kind: 'stamps' })).toBe(1);
    expect(text.sum('punkto_business_events_total', { fact: 'redemption' })).toBe(1);
    expect(text.sum('punkto_business_events_total', { fact: 'award', kind: 'points' })).toBe(0);
  });

  it('names status classes', () => {
    expect([statusClass(200), statusClass(404), statusClass(503)]).toEqual(['2xx', '4xx', '5xx']);
  });
});

describe('the strict exposition reader', () => {
  const valid = '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1\\"2"} 3\n';

  it('reads a valid exposition', () => {
    expect(parsePrometheusText(valid).samples).toEqual([{ name: 'a_total', labels: { x: '1"2' }, value: 3 }]);
  });

  it.each([
    ['a sample without a TYPE', 'b 1\n'],
    ['a bad value', '# TYPE a gauge\na one\n'],
    ['an unterminated label', '# TYPE a gauge\na{x="1} 1\n'],
    ['a missing final newline', '# TYPE a gauge\na 1'],
    ['non-cumulative buckets', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n'],
    ['a _count differing from +Inf', '# TYPE h histogram\nh_bucket{le="+Inf"} 1\nh_count 2\n'],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
