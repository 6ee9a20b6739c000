import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventEnvelope } from '@punkto/contracts/events';
import type { IncomingMessage, MessageBus } from '../bus/message-bus.port';
import { SqliteMessageBus } from '../bus/sqlite-message-bus';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { quietPeriod, waitFor } from '../testing/wait-for';
import { type EventRelay, type EventRelayOptions, startEventRelay } from './event-relay';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store';

const CARDS = 'cardledger.cards.v1';
const PROGRAMS = 'tenant.programs.v1';
const routes = [
  { streamPrefix: 'card-', topic: CARDS },
  { streamPrefix: 'program-', topic: PROGRAMS },
];

describe('event relay (SQLite event store → SQLite bus)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let bus: SqliteMessageBus;
  let checkpoints: SqliteCheckpointStore;
  let relays: EventRelay[];
  let logged: Array<{ level: string; msg: string; obj: object }>;

  const logger = {
    info: (obj: object, msg: string) => logged.push({ level: 'info', msg, obj }),
    error: (obj: object, msg: string) => logged.push({ level: 'error', msg, obj }),
  };
  const start = (overrides: Partial<EventRelayOptions> = {}) => {
    const relay = startEventRelay({
      eventStore: store,
      bus,
      checkpoints,
      routes,
      logger,
      name: 'test-relay',
      ...overrides,
    });
    relays.push(relay);
    return relay;
  };
  const consume = async (topic: string) => {
    const got: IncomingMessage[] = [];
    await bus.subscribe({
      groupId: `reader-${topic}`,
      topics: [topic],
      handler: async (m) => void got.push(m),
    });
    return got;
  };
  const types = (ms: IncomingMessage[]) => ms.map((m) => (m.value as EventEnvelope).type);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-relay-'));
    store = SqliteEventStore.open(join(dir, 'events.db'), { pollIntervalMs: 20 });
    bus = SqliteMessageBus.open(join(dir, 'bus.db'), { pollIntervalMs: 20 });
    checkpoints = SqliteCheckpointStore.open(join(dir, 'events.db'));
    relays = [];
    logged = [];
  });
  afterEach(async () => {
    for (const r of relays) await r.stop();
    await bus.close();
    await store.close();
    await checkpoints.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('forwards events appended before and after start once, in order, as valid envelopes', async () => {
    await store.appendToStream('card-c1', [
      {
        type: 'CardIssued',
        data: { n: 0 },
        metadata: {
          tenantId: 't1',
          correlationId: 'corr',
          causationId: 'cmd-1',
          traceparent: '00-abc-def-01',
        },
      },
      { type: 'PointsEarned', data: { n: 1 } },
    ]);
    await store.appendToStream('other-x', [{ type: 'NotRouted', data: {} }]);
    const cards = await consume(CARDS);
    const programs = await consume(PROGRAMS);
    start();
    await store.appendToStream('program-p1', [{ type: 'ProgramCreated', data: {} }]);
    await store.appendToStream('card-c1', [{ type: 'PointsEarned', data: { n: 2 } }]);
    await waitFor(() => cards.length === 3 && programs.length === 1);
    await quietPeriod();

    expect(types(cards)).toEqual(['CardIssued', 'PointsEarned', 'PointsEarned']);
    expect(types(programs)).toEqual(['ProgramCreated']);
    const [stored] = await store.readStream('card-c1');
    const [issued, earned] = cards;
    expect(EventEnvelope.parse(issued?.value)).toEqual({
      id: stored?.id,
      type: 'CardIssued',
      schemaVersion: 1,
      occurredAt: stored?.recordedAt,
      tenantId: 't1',
      aggregateId: 'c1',
      correlationId: 'corr',
      causationId: 'cmd-1',
      traceparent: '00-abc-def-01',
      data: { n: 0 },
    });
    expect(issued).toMatchObject({
      key: 'c1',
      headers: { 'event-type': 'CardIssued', traceparent: '00-abc-def-01' },
    });
    // defaults: correlation id = event id, nulls, no traceparent header
    const earnedEnvelope = EventEnvelope.parse(earned?.value);
    expect(earnedEnvelope).toMatchObject({
      tenantId: null,
      causationId: null,
      traceparent: null,
      correlationId: earnedEnvelope.id,
    });
    expect(earned?.headers).toEqual({ 'event-type': 'PointsEarned' });
    expect(await checkpoints.load('test-relay')).toBe(await store.headPosition());
  });

  it('continues from the stored checkpoint after stop and restart', async () => {
    const cards = await consume(CARDS);
    const relay = start();
    await store.appendToStream('card-a', [
      { type: 'First', data: {} },
      { type: 'Second', data: {} },
    ]);
    await waitFor(() => cards.length === 2);
    await relay.stop();

    await store.appendToStream('card-a', [{ type: 'Third', data: {} }]);
    start();
    await store.appendToStream('card-b', [{ type: 'Fourth', data: {} }]);
    await waitFor(() => cards.length === 4);
    await quietPeriod();
    expect(types(cards)).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  it('publishes what one read found in one bus call, then checkpoints its last event, never before', async () => {
    const calls: Array<Array<{ topic: string; count: number }>> = [];
    const checkpointsWhenPublished: Array<string | undefined> = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const countingBus: MessageBus = {
      publish: (topic, messages) => bus.publish(topic, messages),
      publishBatch: async (batch) => {
        calls.push(batch.map((b) => ({ topic: b.topic, count: b.messages.length })));
        checkpointsWhenPublished.push(await checkpoints.load('test-relay'));
        await held; // the batch is "in flight": its checkpoint must not move yet
        await bus.publishBatch(batch);
      },
      subscribe: (o) => bus.subscribe(o),
      consumerLag: (groupId, topics) => bus.consumerLag(groupId, topics),
      applyRetention: (now) => bus.applyRetention(now),
      close: async () => {},
    };
    const [cards, programs] = [await consume(CARDS), await consume(PROGRAMS)];
    await Promise.all([
      store.appendToStream('card-a', [
        { type: 'A1', data: {} },
        { type: 'A2', data: {} },
      ]),
      store.appendToStream('program-p', [{ type: 'P1', data: {} }]),
      store.appendToStream('card-b', [{ type: 'B1', data: {} }]),
      store.appendToStream('other-x', [{ type: 'NotRouted', data: {} }]),
    ]);
    const lastRouted = (await store.readStream('card-b'))[0]?.position; // `other-x` is not the relay's
    start({ bus: countingBus });
    await waitFor(() => calls.length === 1);
    await quietPeriod();
    expect(await checkpoints.load('test-relay')).toBeUndefined();
    release();
    await waitFor(() => cards.length === 3 && programs.length === 1);
    await quietPeriod();

    // one call for the four routed events, each topic's share in store order
    expect(calls).toEqual([
      [
        { topic: CARDS, count: 2 },
        { topic: PROGRAMS, count: 1 },
        { topic: CARDS, count: 1 },
      ],
    ]);
    expect(checkpointsWhenPublished).toEqual([undefined]);
    expect(types(cards)).toEqual(['A1', 'A2', 'B1']);
    expect(types(programs)).toEqual(['P1']);
    expect(await checkpoints.load('test-relay')).toBe(lastRouted);
  });

  it('logs a failed publish and retries from the checkpoint after a back-off, without losing order', async () => {
    let failuresLeft = 2;
    const flakyBus: MessageBus = {
      publish: async (topic, messages) => {
        if (failuresLeft-- > 0) throw new Error('bus unavailable');
        await bus.publish(topic, messages);
      },
      publishBatch: async (batch) => {
        if (failuresLeft-- > 0) throw new Error('bus unavailable');
        await bus.publishBatch(batch);
      },
      subscribe: (o) => bus.subscribe(o),
      consumerLag: (groupId, topics) => bus.consumerLag(groupId, topics),
      applyRetention: (now) => bus.applyRetention(now),
      close: async () => {},
    };
    const cards = await consume(CARDS);
    await store.appendToStream('card-a', [
      { type: 'One', data: {} },
      { type: 'Two', data: {} },
    ]);
    start({ bus: flakyBus, retryBackoffMs: 20 });
    await waitFor(() => cards.length === 2);
    await quietPeriod();

    expect(types(cards)).toEqual(['One', 'Two']);
    const errors = logged.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(2);
    expect(errors.map((e) => (e.obj as { retryInMs: number }).retryInMs)).toEqual([20, 40]);
    expect(logged.filter((l) => l.msg === 'event relay starting from checkpoint')).toHaveLength(3);
  });
});

describe('SqliteCheckpointStore', () => {
  it('saves, overwrites and reloads checkpoints across reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'punkto-checkpoints-'));
    try {
      const first = SqliteCheckpointStore.open(join(dir, 'cp.db'));
      expect(await first.load('r')).toBeUndefined();
      await first.save('r', '5');
      await first.save('r', '9');
      await first.save('other', '1');
      await first.close();
      const reopened = SqliteCheckpointStore.open(join(dir, 'cp.db'));
      expect(await reopened.load('r')).toBe('9');
      expect(await reopened.load('other')).toBe('1');
      await reopened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
