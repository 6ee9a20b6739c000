import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors/errors';
import type { EventStore, ExpectedRevision, NewEvent } from './event-store.port';
import { subscriptionsContract } from './event-store-subscriptions.contract';

/**
 * THE contract every EventStore adapter passes (SQLite now, EventStoreDB later). It uses only the port:
 * no SQL, positions are treated as opaque (compared only by delivery order), and every test writes to
 * streams of its own random category so it also works against a shared server whose `$all` holds other
 * tests' and system events.
 */
export interface EventStoreHarness {
  /** opens the store; may be called again (after close) to simulate a restart on the same storage */
  open(): Promise<EventStore>;
  cleanup(): Promise<void>;
}

export function eventStoreContract(adapterName: string, harness: () => Promise<EventStoreHarness>): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let h: EventStoreHarness;
    let opened: EventStore[];
    let store: EventStore;
    let category: string;

    const open = async () => {
      const s = await h.open();
      opened.push(s);
      return s;
    };
    const stream = (id = randomUUID()) => `${category}-${id}`;
    const event = (type: string, data: unknown = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
      type,
      data,
      ...extra,
    });

    beforeEach(async () => {
      h = await harness();
      opened = [];
      store = await open();
      category = `c${randomUUID().replaceAll('-', '')}`;
    });
    afterEach(async () => {
      for (const s of opened) await s.close();
      await h.cleanup();
    });

    describe('appending and reading a stream', () => {
      it('round-trips type, data, metadata, id and schema version', async () => {
        const id = stream();
        const metadata = {
          correlationId: 'corr-1',
          causationId: 'cause-1',
          tenantId: 't-1',
          traceparent: null,
          custom: 42,
        };
        const eventId = randomUUID();
        await store.appendToStream(id, [
          event(
            'CardIssued',
            { points: 0, owner: { name: 'Ala' } },
            { id: eventId, metadata, schemaVersion: 2 },
          ),
        ]);

        const [read] = await store.readStream(id);
        expect(read).toMatchObject({
          id: eventId,
          streamId: id,
          type: 'CardIssued',
          data: { points: 0, owner: { name: 'Ala' } },
          metadata,
          schemaVersion: 2,
          revision: 0,
        });
        expect(typeof read?.position).toBe('string');
        expect(Number.isNaN(Date.parse(read?.recordedAt ?? ''))).toBe(false);
      });

      it('generates an id and defaults schemaVersion to 1 and metadata to {}', async () => {
        const id = stream();
        await store.appendToStream(id, [event('CardIssued')]);
        const [read] = await store.readStream(id);
        expect(read?.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(read?.schemaVersion).toBe(1);
        expect(read?.metadata).toEqual({});
      });

      it('numbers revisions 0..n across appends and returns the last one', async () => {
        const id = stream();
        const first = await store.appendToStream(id, [event('A'), event('B')]);
        expect(first.nextExpectedRevision).toBe(1);
        const second = await store.appendToStream(id, [event('C')], { expectedRevision: 1 });
        expect(second.nextExpectedRevision).toBe(2);

        const events = await store.readStream(id);
        expect(events.map((e) => [e.revision, e.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
        ]);
        expect(events.at(-1)?.position).toBe(second.position);
      });

      it('keeps per-stream order when streams interleave', async () => {
        const [a, b] = [stream(), stream()];
        for (let i = 0; i < 10; i++) {
          await store.appendToStream(i % 2 ? a : b, [event('N', { i })]);
        }
        expect((await store.readStream(a)).map((e) => (e.data as { i: number }).i)).toEqual([1, 3, 5, 7, 9]);
        expect((await store.readStream(b)).map((e) => (e.data as { i: number }).i)).toEqual([0, 2, 4, 6, 8]);
      });

      it('reads from a revision with a maximum count', async () => {
        const id = stream();
        await store.appendToStream(
          id,
          Array.from({ length: 6 }, (_, i) => event('N', { i })),
        );
        expect((await store.readStream(id, { fromRevision: 2, maxCount: 3 })).map((e) => e.revision)).toEqual(
          [2, 3, 4],
        );
        expect((await store.readStream(id, { fromRevision: 4 })).map((e) => e.revision)).toEqual([4, 5]);
        expect(await store.readStream(id, { fromRevision: 6 })).toEqual([]);
      });

      it('reads a missing stream as []', async () => {
        expect(await store.readStream(stream())).toEqual([]);
      });

      it('rejects an empty append', async () => {
        await expect(store.appendToStream(stream(), [])).rejects.toThrow();
      });
    });

    describe('expected revision', () => {
      const conflicts: Array<[string, number, ExpectedRevision]> = [
        ['no_stream on an existing stream', 1, 'no_stream'],
        ['stream_exists on a missing stream', 0, 'stream_exists'],
        ['a number on a missing stream', 0, 0],
        ['a number behind the stream', 3, 1],
        ['a number ahead of the stream', 2, 5],
      ];
      it.each(conflicts)(
        'throws ConcurrencyError for %s and appends nothing',
        async (_name, existing, expected) => {
          const id = stream();
          if (existing > 0)
            await store.appendToStream(
              id,
              Array.from({ length: existing }, () => event('Old')),
            );

          await expect(
            store.appendToStream(id, [event('New'), event('New')], { expectedRevision: expected }),
          ).rejects.toBeInstanceOf(ConcurrencyError);
          const events = await store.readStream(id);
          expect(events).toHaveLength(existing);
          expect(events.every((e) => e.type === 'Old')).toBe(true);
        },
      );

      const accepted: Array<[string, number, ExpectedRevision]> = [
        ['no_stream on a missing stream', 0, 'no_stream'],
        ['stream_exists on an existing stream', 2, 'stream_exists'],
        ['the exact last revision', 2, 1],
        ['any on a missing stream', 0, 'any'],
        ['any on an existing stream', 2, 'any'],
      ];
      it.each(accepted)('accepts %s', async (_name, existing, expected) => {
        const id = stream();
        if (existing > 0)
          await store.appendToStream(
            id,
            Array.from({ length: existing }, () => event('Old')),
          );
        const result = await store.appendToStream(id, [event('New')], { expectedRevision: expected });
        expect(result.nextExpectedRevision).toBe(existing);
      });

      it('lets exactly one of several concurrent writers with the same expected revision win', async () => {
        const id = stream();
        await store.appendToStream(id, [event('Opened')]);
        const writers = [store, await open(), await open()];

        const results = await Promise.allSettled(
          writers.flatMap((w, i) =>
            [0, 1].map((j) =>
              w.appendToStream(id, [event('Won', { by: `${i}/${j}` })], { expectedRevision: 0 }),
            ),
          ),
        );

        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results.filter((r) => r.status === 'rejected'))
          expect(r.reason).toBeInstanceOf(ConcurrencyError);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['Opened', 'Won']);
      });
    });

    subscriptionsContract({
      get store() {
        return store;
      },
      get category() {
        return category;
      },
      open,
      stream,
      event,
    });
  });
}
