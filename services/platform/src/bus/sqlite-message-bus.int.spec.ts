import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageBusContract } from './message-bus.contract';
import { SqliteMessageBus } from './sqlite-message-bus';
import type { IncomingMessage } from './message-bus.port';

messageBusContract('SqliteMessageBus', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-bus-'));
  return {
    open: async () => SqliteMessageBus.open(join(dir, 'bus.db'), { pollIntervalMs: 20 }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

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
    await waitFor(() => got.length === 1);

    expect(got[0]?.timestamp).toBe('2026-01-02T03:04:05.000Z');
    expect(got[0]?.headers['x-error']?.length).toBe(500);
    expect(got[0]?.headers['x-original-partition']).toBe('0');
    expect(warnings).toEqual([
      'message handler failed; retrying',
      'message handler failed for the last time; dead-lettering',
    ]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
