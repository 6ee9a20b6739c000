import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import type { CheckpointStore } from './checkpoint-store.port';
import { startCatchUpSubscription, type CatchUpSubscriptionOptions } from './catch-up-subscription';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store';

/** The per-event mode is what the event relay runs on (event-relay.int.spec.ts); here the deferred one. */
describe('catch-up subscription with a deferred checkpoint (checkpointEveryMs)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let checkpoints: SqliteCheckpointStore;
  let saves: string[];
  let counting: CheckpointStore;

  const start = (
    handled: string[],
    overrides: Partial<Pick<CatchUpSubscriptionOptions, 'retryBackoffMs' | 'onError'>> & {
      handler?: (event: StoredEvent) => Promise<void>;
    } = {},
  ) =>
    startCatchUpSubscription({
      eventStore: store,
      checkpoints: counting,
      name: 'reader',
      streamPrefixes: ['card-'],
      onError: () => {},
      checkpointEveryMs: 100,
      ...overrides,
      handler: overrides.handler ?? (async (event: StoredEvent) => void handled.push(event.id)),
    });
  const append = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => store.appendToStream(`card-${i}`, [{ type: 'T', data: { i } }])),
    );

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-catch-up-'));
    store = SqliteEventStore.open(join(dir, 'events.db'), { pollIntervalMs: 20 });
    checkpoints = SqliteCheckpointStore.open(join(dir, 'events.db'));
    saves = [];
    counting = {
      load: (name) => checkpoints.load(name),
      save: async (name, position) => {
        saves.push(position);
        await checkpoints.save(name, position);
      },
    };
  });
  afterEach(async () => {
    await store.close();
    await checkpoints.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('saves far fewer checkpoints than events, the last one on stop; a restart resumes after it', async () => {
    await append(50);
    const handled: string[] = [];
    const reader = start(handled);
    await expect.poll(() => handled.length).toBe(50);
    await reader.stop();
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.length).toBeLessThan(25); // at most one per 100 ms, not one per event
    expect(saves.at(-1)).toBe(await store.headPosition());

    await append(3);
    const again: string[] = [];
    const restarted = start(again);
    await expect.poll(() => again.length).toBe(3);
    await restarted.stop();
    expect(again.filter((id) => handled.includes(id))).toEqual([]);
  });

  it('after a handler error it resumes after the events already handled and retries the failed one', async () => {
    await append(5);
    const handled: string[] = [];
    const errors: number[] = [];
    let failed = false;
    const reader = start(handled, {
      retryBackoffMs: 10,
      onError: (_error, retryInMs) => void errors.push(retryInMs),
      handler: async (event) => {
        if (handled.length === 3 && !failed) {
          failed = true;
          throw new Error('projection failed');
        }
        handled.push(event.id);
      },
    });
    await expect.poll(() => handled.length).toBe(5);
    await reader.stop();
    expect(errors).toEqual([10]);
    expect(new Set(handled).size).toBe(5); // the three handled before the failure were not handed on again
    expect(saves.at(-1)).toBe(await store.headPosition());
  });
});
