import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'punkto-event-store-'));
}

eventStoreContract('SqliteEventStore', async () => {
  const dir = await tempDir();
  return {
    open: async () => SqliteEventStore.open(join(dir, 'events.db'), { pollIntervalMs: 20 }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

/** SQLite specifics the contract cannot assume of every adapter. */
describe('SqliteEventStore specifics', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(async () => {
    dir = await tempDir();
    store = SqliteEventStore.open(join(dir, 'nested', 'events.db'), {
      now: () => new Date('2026-01-02T03:04:05.000Z'),
    });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uses decimal sequence numbers as positions and reports the head (undefined when empty)', async () => {
    expect(await store.headPosition()).toBeUndefined();
    const first = await store.appendToStream('card-1', [{ type: 'A', data: {} }]);
    const second = await store.appendToStream('card-2', [
      { type: 'B', data: {} },
      { type: 'C', data: {} },
    ]);
    expect(first.position).toBe('1');
    expect(second.position).toBe('3');
    expect(await store.headPosition()).toBe('3');
  });

  it('records the injected clock', async () => {
    await store.appendToStream('card-1', [{ type: 'A', data: {} }]);
    expect((await store.readStream('card-1'))[0]?.recordedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('rejects a position that is not a sequence number', () => {
    expect(() => store.subscribeToAll({ fromPosition: 'abc', handler: async () => {} })).toThrow(/position/);
  });

  it('rejects a duplicate event id and appends nothing of that batch', async () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    await store.appendToStream('card-1', [{ id, type: 'A', data: {} }]);
    await expect(
      store.appendToStream('card-2', [
        { type: 'B', data: {} },
        { id, type: 'A', data: {} },
      ]),
    ).rejects.toThrow();
    expect(await store.readStream('card-2')).toEqual([]);
  });

  it('treats a prefix literally (no LIKE wildcards)', async () => {
    await store.appendToStream('card_x-1', [{ type: 'Underscore', data: {} }]);
    await store.appendToStream('cardax-1', [{ type: 'Letter', data: {} }]);
    const seen: string[] = [];
    const sub = store.subscribeToAll({
      streamPrefixes: ['card_'],
      handler: async (e) => void seen.push(e.type),
    });
    // a later event of the prefix as a marker: delivered in order, so once it is here `cardax-1` was passed over
    await store.appendToStream('card_x-2', [{ type: 'Marker', data: {} }]);
    await expect.poll(() => seen.at(-1)).toBe('Marker');
    await sub.stop();
    expect(seen).toEqual(['Underscore', 'Marker']);
  });
});
