import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors/errors';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { SqliteEventStore } from './sqlite-event-store';

describe('group commit (ADR 0029)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-group-commit-'));
    store = SqliteEventStore.open(join(dir, 'service.db'));
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('commits the appends started in one turn in one transaction', async () => {
    const before = store.groupCommit.stats.batches;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.appendToStream(`card-${i}`, [{ type: 'A', data: { i } }])),
    );
    expect(store.groupCommit.stats.batches - before).toBe(1);
    expect(store.groupCommit.stats.largestBatch).toBe(20);
    expect(await store.headPosition()).toBe('20');
  });

  it('fails only the append whose expected revision does not hold, not the rest of its batch', async () => {
    await store.appendToStream('card-1', [{ type: 'A', data: {} }]);
    const results = await Promise.allSettled([
      store.appendToStream('card-1', [{ type: 'B', data: {} }], { expectedRevision: 0 }),
      store.appendToStream('card-1', [{ type: 'C', data: {} }], { expectedRevision: 0 }), // lost the race
      store.appendToStream('card-2', [{ type: 'D', data: {} }], { expectedRevision: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream('card-1')).map((e) => e.type)).toEqual(['A', 'B']);
    expect((await store.readStream('card-2')).map((e) => e.type)).toEqual(['D']);
  });

  it('rolls a failing piece back to its savepoint: none of its events is kept', async () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const results = await Promise.allSettled([
      store.appendToStream('card-1', [{ id, type: 'A', data: {} }]),
      store.appendToStream('card-2', [
        { type: 'B', data: {} },
        { id, type: 'C', data: {} },
      ]),
      store.appendToStream('card-3', [{ type: 'D', data: {} }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('card-2')).toEqual([]);
    expect((await store.readStream('card-3')).map((e) => e.type)).toEqual(['D']);
  });

  it('answers a caller only once its batch is committed (not visible to a reader before)', async () => {
    const append = store.appendToStream('card-1', [{ type: 'A', data: {} }]);
    expect(await store.readStream('card-1')).toEqual([]); // queued, not yet written
    await append;
    expect(await store.readStream('card-1')).toHaveLength(1);
  });

  it('writes queued appends when the store closes', async () => {
    const append = store.appendToStream('card-1', [{ type: 'A', data: {} }]);
    await store.close();
    await append;
    store = SqliteEventStore.open(join(dir, 'service.db'));
    expect(await store.readStream('card-1')).toHaveLength(1);
  });

  it('shares one connection and one batch with a document store on the same file', async () => {
    const documents = SqliteDocumentStore.open(join(dir, 'service.db'));
    try {
      const before = store.groupCommit.stats.batches;
      await Promise.all([
        store.appendToStream('card-1', [{ type: 'A', data: {} }]),
        documents.collection('keys').insert({ _id: 'k1' }),
      ]);
      expect(store.groupCommit.stats.batches - before).toBe(1);
      expect(documents.database).toBe(store.database);
    } finally {
      await documents.close();
    }
    // the event store still works after the document store released the shared connection
    expect(await store.readStream('card-1')).toHaveLength(1);
  });
});
