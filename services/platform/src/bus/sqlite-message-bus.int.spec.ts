import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageBusContract } from './message-bus.contract';
import { messageBusRetentionContract } from './message-bus.retention.contract';
import { SqliteMessageBus } from './sqlite-message-bus';
import type { IncomingMessage } from './message-bus.port';
import { waitFor } from '../testing/wait-for';

const harness = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-bus-'));
  return {
    open: async () => SqliteMessageBus.open(join(dir, 'bus.db'), { pollIntervalMs: 20 }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
};
messageBusContract('SqliteMessageBus', harness);
messageBusRetentionContract('SqliteMessageBus', harness);

describe('SqliteMessageBus specifics', () => {
  let dir: string;
  let bus: SqliteMessageBus;
  const warnings: string[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-bus-'));
    bus = SqliteMessageBus.open(join(dir, 'bus.db'), {
      now: () => new Date('2026-01-02T03:04:05.000Z'),
      logger: { warn: (_obj, msg) => warnings.push(msg) },
    });
  });
  afterEach(async () => {
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stamps the injected clock, truncates x-error and logs every failure', async () => {
    const got: IncomingMessage[] = [];
    await bus.subscribe({
      groupId: 'g',
      topics: ['t.v1'],
      retry: { maxAttempts: 2, initialBackoffMs: 1 },
      handler: async () => {
        throw new Error('x'.repeat(5000));
      },
    });
    await bus.subscribe({ groupId: 'dlq', topics: ['t.v1.dlq'], handler: async (m) => void got.push(m) });
    await bus.publish('t.v1', [{ key: 'k', value: 1 }]);
    await waitFor(() => got.length === 1, 5000);

    expect(got[0]?.timestamp).toBe('2026-01-02T03:04:05.000Z');
    expect(got[0]?.headers['x-error']?.length).toBe(500);
    expect(got[0]?.headers['x-original-partition']).toBe('0');
    expect(warnings).toEqual([
      'message handler failed; retrying',
      'message handler failed for the last time; dead-lettering',
    ]);
  });
});

describe('SqliteMessageBus: modules of one process (ADR 0028)', () => {
  let dir: string;
  const open: SqliteMessageBus[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-bus-'));
  });
  afterEach(async () => {
    for (const bus of open.splice(0)) await bus.close();
    await rm(dir, { recursive: true, force: true });
  });
  // a poll interval far longer than the test's limit: only the in-process wake-up can deliver in time
  const openBus = (name = 'bus.db') => {
    const bus = SqliteMessageBus.open(join(dir, name), { pollIntervalMs: 60_000 });
    open.push(bus);
    return bus;
  };

  it('wakes the consumers of another connection to the same file at once (no poll)', async () => {
    const producer = openBus();
    const consumerBus = openBus();
    const got: unknown[] = [];
    await consumerBus.subscribe({
      groupId: 'g',
      topics: ['t.v1'],
      handler: async (m) => void got.push(m.value),
    });
    await new Promise((r) => setTimeout(r, 20)); // the consumer has fetched and sleeps
    const started = Date.now();
    await producer.publish('t.v1', [{ key: 'k', value: 1 }]);
    await waitFor(() => got.length === 1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps wake-ups to the same file: a bus on another file is not woken, and a closed one leaves the set', async () => {
    const producer = openBus();
    const peer = openBus();
    const other = openBus('other.db');
    const closed = openBus();
    await closed.close();
    const onOther: unknown[] = [];
    const onPeer: unknown[] = [];
    await other.subscribe({
      groupId: 'g',
      topics: ['t.v1'],
      handler: async (m) => void onOther.push(m.value),
    });
    await peer.subscribe({ groupId: 'g', topics: ['t.v1'], handler: async (m) => void onPeer.push(m.value) });
    // another process writes to other.db: no in-process wake-up, so only a (wrong) wake-up can deliver it in time
    writeWithoutWakingAnyone(join(dir, 'other.db'), 'from another process');

    await producer.publish('t.v1', [{ key: 'k', value: 1 }]); // the closed bus left the set: no throw
    await waitFor(() => onPeer.length === 1, 1000); // this file's wake-up happened, and with it any wrong one
    await new Promise((r) => setImmediate(r));
    expect(onOther).toEqual([]);

    // the control: a wake-up on other.db does deliver the message, so the check above could see a wrong one
    await openBus('other.db').publish('t.v1', [{ key: 'k', value: 2 }]);
    await waitFor(() => onOther.length === 2, 1000);
    expect(onOther).toEqual(['from another process', 2]);
  });
});

function writeWithoutWakingAnyone(file: string, value: unknown): void {
  const db = new Database(file);
  try {
    db.prepare('INSERT INTO messages (topic, key, value, headers, timestamp) VALUES (?, ?, ?, ?, ?)').run(
      't.v1',
      'k',
      JSON.stringify(value),
      '{}',
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

describe('SqliteMessageBus retention (ADR 0046: personal data leaves the bus once handled)', () => {
  let dir: string;
  let bus: SqliteMessageBus;
  let now = new Date('2026-03-01T10:00:00.000Z');
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const stored = () => {
    const db = new Database(join(dir, 'bus.db'), { readonly: true });
    try {
      return db.prepare('SELECT topic, key FROM messages ORDER BY "offset"').all() as {
        topic: string;
        key: string;
      }[];
    } finally {
      db.close();
    }
  };
  beforeEach(async () => {
    now = new Date('2026-03-01T10:00:00.000Z');
    dir = await mkdtemp(join(tmpdir(), 'punkto-bus-'));
    bus = SqliteMessageBus.open(join(dir, 'bus.db'), {
      now: () => now,
      retentionIntervalMs: 0,
      pollIntervalMs: 10,
    });
  });
  afterEach(async () => {
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('deletes a message once every group of its topic handled it and the grace passed; a lagging group keeps the rest', async () => {
    const fast: string[] = [];
    let slowMayGo = false;
    const slow: string[] = [];
    await bus.subscribe({ groupId: 'fast', topics: ['t.v1'], handler: async (m) => void fast.push(m.key) });
    await bus.subscribe({
      groupId: 'slow',
      topics: ['t.v1'],
      handler: async (m) => {
        await waitFor(() => slowMayGo || m.key === 'a', 5000);
        slow.push(m.key);
      },
    });
    await bus.publish('t.v1', [{ key: 'a', value: { email: 'ola@example.pl' } }]);
    await bus.publish('t.v1', [{ key: 'b', value: { email: 'jan@example.pl' } }]);
    await waitFor(() => fast.length === 2 && slow.length === 1, 5000);

    expect(await bus.applyRetention()).toBe(0); // within the grace
    later(10_001);
    expect(await bus.applyRetention()).toBe(1); // 'a': both groups handled it
    expect(stored()).toEqual([{ topic: 't.v1', key: 'b' }]);
    slowMayGo = true;
    await waitFor(() => slow.length === 2, 5000);
    expect(await bus.applyRetention()).toBe(1);
    expect(stored()).toEqual([]);
    // a group still subscribed goes on with what comes next
    await bus.publish('t.v1', [{ key: 'c', value: 1 }]);
    await waitFor(() => fast.includes('c') && slow.includes('c'), 5000);
  });

  it('keeps a message nobody subscribed to for 7 days, and a dead letter for 30', async () => {
    await bus.publish('nobody.v1', [{ key: 'n', value: 1 }]);
    await bus.publish('t.v1.dlq', [{ key: 'd', value: 1 }]);
    later(7 * 86_400_000 - 1000);
    expect(await bus.applyRetention()).toBe(0);
    later(2000);
    expect(await bus.applyRetention()).toBe(1);
    expect(stored()).toEqual([{ topic: 't.v1.dlq', key: 'd' }]);
    later(23 * 86_400_000);
    expect(await bus.applyRetention()).toBe(1);
    expect(stored()).toEqual([]);
  });

  it('lets a group that subscribes within the grace read what was published before it', async () => {
    const first: string[] = [];
    await bus.subscribe({ groupId: 'first', topics: ['t.v1'], handler: async (m) => void first.push(m.key) });
    await bus.publish('t.v1', [{ key: 'a', value: 1 }]);
    await waitFor(() => first.length === 1, 5000);
    later(5000);
    await bus.applyRetention();
    const second: string[] = [];
    await bus.subscribe({
      groupId: 'second',
      topics: ['t.v1'],
      handler: async (m) => void second.push(m.key),
    });
    await waitFor(() => second.length === 1, 5000);
    expect(second).toEqual(['a']);
  });
});
