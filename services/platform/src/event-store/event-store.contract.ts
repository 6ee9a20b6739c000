import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors/errors';
import type { EventStore, ExpectedRevision, NewEvent, StoredEvent, Subscription } from './event-store.port';

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

    describe('subscribeToAll', () => {
      let subscriptions: Subscription[];
      beforeEach(() => {
        subscriptions = [];
      });
      afterEach(async () => {
        for (const s of subscriptions) await s.stop();
      });

      /** Subscribes to this test's category and collects what arrives. */
      const collect = (target: EventStore, fromPosition?: string, streamPrefixes = [`${category}-`]) => {
        const seen: StoredEvent[] = [];
        const errors: unknown[] = [];
        const sub = target.subscribeToAll({
          ...(fromPosition === undefined ? {} : { fromPosition }),
          streamPrefixes,
          handler: async (e) => {
            seen.push(e);
          },
          onError: (e) => errors.push(e),
        });
        subscriptions.push(sub);
        return { seen, errors, sub };
      };
      const types = (events: StoredEvent[]) => events.map((e) => e.type);

      it('delivers existing events (catch-up) and then new ones (live), in order', async () => {
        const [a, b] = [stream(), stream()];
        await store.appendToStream(a, [event('A0'), event('A1')]);
        await store.appendToStream(b, [event('B0')]);

        const { seen, errors } = collect(store);
        await waitFor(() => seen.length === 3);
        await store.appendToStream(a, [event('A2')]);
        await store.appendToStream(b, [event('B1'), event('B2')]);
        await waitFor(() => seen.length === 6);

        expect(types(seen)).toEqual(['A0', 'A1', 'B0', 'A2', 'B1', 'B2']);
        expect(errors).toEqual([]);
        const fromRead = [...(await store.readStream(a)), ...(await store.readStream(b))];
        for (const e of seen) expect(fromRead.find((r) => r.id === e.id)).toEqual(e);
      });

      it('delivers events appended through another connection to the same storage', async () => {
        const other = await open();
        const { seen } = collect(store);
        await other.appendToStream(stream(), [event('FromElsewhere')]);
        await waitFor(() => seen.length === 1);
        expect(types(seen)).toEqual(['FromElsewhere']);
      });

      it('honours stream prefix filters', async () => {
        const otherCategory = `o${randomUUID().replaceAll('-', '')}`;
        const thirdCategory = `t${randomUUID().replaceAll('-', '')}`;
        await store.appendToStream(stream(), [event('Mine1')]);
        await store.appendToStream(`${otherCategory}-1`, [event('Other1')]);
        await store.appendToStream(`${thirdCategory}-1`, [event('Third1')]);

        const { seen } = collect(store, undefined, [`${category}-`, `${thirdCategory}-`]);
        await store.appendToStream(`${otherCategory}-1`, [event('Other2')]);
        await store.appendToStream(stream(), [event('Mine2')]);
        await waitFor(() => seen.length === 3);
        await quietPeriod();
        expect(types(seen)).toEqual(['Mine1', 'Third1', 'Mine2']);
      });

      it('starts after the given position', async () => {
        const id = stream();
        await store.appendToStream(id, [event('E0'), event('E1'), event('E2')]);
        const [, second] = await store.readStream(id);

        const { seen } = collect(store, second?.position);
        await waitFor(() => seen.length === 1);
        await quietPeriod();
        expect(types(seen)).toEqual(['E2']);
      });

      it('resumes after a restart from the last handled position, losing and repeating nothing', async () => {
        const id = stream();
        await store.appendToStream(id, [event('E0'), event('E1')]);
        const first = collect(store);
        await waitFor(() => first.seen.length === 2);
        await first.sub.stop();
        const checkpoint = first.seen.at(-1)?.position;
        await store.close();

        const writer = await open();
        await writer.appendToStream(id, [event('E2'), event('E3')]);
        await writer.close();

        const restarted = await open();
        const second = collect(restarted, checkpoint);
        await waitFor(() => second.seen.length === 2);
        await restarted.appendToStream(id, [event('E4')]);
        await waitFor(() => second.seen.length === 3);
        await quietPeriod();
        expect(types(second.seen)).toEqual(['E2', 'E3', 'E4']);
        expect(second.seen.map((e) => e.revision)).toEqual([2, 3, 4]);
      });

      it('awaits the handler one event at a time', async () => {
        const id = stream();
        await store.appendToStream(id, [event('E0'), event('E1'), event('E2')]);
        let running = 0;
        let maxRunning = 0;
        const handled: string[] = [];
        subscriptions.push(
          store.subscribeToAll({
            streamPrefixes: [`${category}-`],
            handler: async (e) => {
              maxRunning = Math.max(maxRunning, ++running);
              await sleep(10);
              handled.push(e.type);
              running--;
            },
          }),
        );
        await waitFor(() => handled.length === 3);
        expect(maxRunning).toBe(1);
        expect(handled).toEqual(['E0', 'E1', 'E2']);
      });

      it('stops delivering after stop(), which waits for the in-flight handler', async () => {
        const id = stream();
        let finished = 0;
        let started = 0;
        const sub = store.subscribeToAll({
          streamPrefixes: [`${category}-`],
          handler: async () => {
            started++;
            await sleep(100);
            finished++;
          },
        });
        subscriptions.push(sub);
        await store.appendToStream(id, [event('Slow'), event('NeverHandled')]);
        await waitFor(() => started === 1);

        await sub.stop();
        expect(finished).toBe(1);
        await store.appendToStream(id, [event('AfterStop')]);
        await quietPeriod();
        expect(started).toBe(1);
      });

      it('hands a batchHandler consecutive events, each once, one batch at a time, live ones too', async () => {
        const [a, b] = [stream(), stream()];
        await store.appendToStream(a, [event('A0'), event('A1')]);
        await store.appendToStream(b, [event('B0')]);
        const batches: StoredEvent[][] = [];
        let running = 0;
        let maxRunning = 0;
        subscriptions.push(
          store.subscribeToAll({
            streamPrefixes: [`${category}-`],
            batchHandler: async (events) => {
              maxRunning = Math.max(maxRunning, ++running);
              await sleep(10);
              batches.push(events);
              running--;
            },
          }),
        );
        const seen = () => batches.flat();
        await waitFor(() => seen().length === 3);
        await store.appendToStream(a, [event('A2'), event('A3')]);
        await waitFor(() => seen().length === 5);
        await quietPeriod();

        expect(types(seen())).toEqual(['A0', 'A1', 'B0', 'A2', 'A3']);
        expect(batches.every((batch) => batch.length > 0)).toBe(true);
        expect(maxRunning).toBe(1);
        const fromRead = [...(await store.readStream(a)), ...(await store.readStream(b))];
        for (const e of seen()) expect(fromRead.find((r) => r.id === e.id)).toEqual(e);
      });

      it('stops on a batchHandler error and reports it, delivering nothing after', async () => {
        await store.appendToStream(stream(), [event('Boom'), event('Next')]);
        const errors: unknown[] = [];
        let calls = 0;
        subscriptions.push(
          store.subscribeToAll({
            streamPrefixes: [`${category}-`],
            batchHandler: async () => {
              calls++;
              throw new Error('batch failed');
            },
            onError: (e) => errors.push(e),
          }),
        );
        await waitFor(() => errors.length === 1);
        await store.appendToStream(stream(), [event('Later')]);
        await quietPeriod();
        expect(calls).toBe(1);
        expect((errors[0] as Error).message).toBe('batch failed');
      });

      it('stops on a handler error and reports it', async () => {
        const id = stream();
        await store.appendToStream(id, [event('Boom'), event('Next')]);
        const errors: unknown[] = [];
        let calls = 0;
        subscriptions.push(
          store.subscribeToAll({
            streamPrefixes: [`${category}-`],
            handler: async () => {
              calls++;
              throw new Error('handler failed');
            },
            onError: (e) => errors.push(e),
          }),
        );
        await waitFor(() => errors.length === 1);
        await quietPeriod();
        expect(calls).toBe(1);
        expect((errors[0] as Error).message).toBe('handler failed');
      });
    });

    describe('headPosition', () => {
      it('is a position after which only later appends are delivered', async () => {
        await store.appendToStream(stream(), [event('Before')]);
        const head = await store.headPosition();
        expect(head).toBeDefined();

        const seen: string[] = [];
        const sub = store.subscribeToAll({
          fromPosition: head,
          streamPrefixes: [`${category}-`],
          handler: async (e) => {
            seen.push(e.type);
          },
        });
        await store.appendToStream(stream(), [event('After')]);
        await waitFor(() => seen.length === 1);
        await sub.stop();
        expect(seen).toEqual(['After']);
      });
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Lets a would-be extra (wrong) delivery happen before asserting that it did not. */
const quietPeriod = () => sleep(150);

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
