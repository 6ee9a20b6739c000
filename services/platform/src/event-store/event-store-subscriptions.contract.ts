import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, StoredEvent, Subscription } from './event-store.port';
import { quietPeriod, sleep, waitFor } from '../testing/wait-for';

/** What the parts of the EventStore contract (event-store.contract.ts) share. */
export interface EventStoreContractContext {
  /** the store the current test opened */
  readonly store: EventStore;
  /** this test's random stream category */
  readonly category: string;
  /** opens the same storage again (another writer, or a restart) */
  open(): Promise<EventStore>;
  stream(id?: string): string;
  event(type: string, data?: unknown, extra?: Partial<NewEvent>): NewEvent;
}

/** The EventStore contract: subscriptions to `$all` and the head position. */
export function subscriptionsContract(t: EventStoreContractContext): void {
  describe('subscribeToAll', () => {
    let subscriptions: Subscription[];
    beforeEach(() => {
      subscriptions = [];
    });
    afterEach(async () => {
      for (const s of subscriptions) await s.stop();
    });

    /** Subscribes to this test's category and collects what arrives. */
    const collect = (target: EventStore, fromPosition?: string, streamPrefixes = [`${t.category}-`]) => {
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
      const [a, b] = [t.stream(), t.stream()];
      await t.store.appendToStream(a, [t.event('A0'), t.event('A1')]);
      await t.store.appendToStream(b, [t.event('B0')]);

      const { seen, errors } = collect(t.store);
      await waitFor(() => seen.length === 3);
      await t.store.appendToStream(a, [t.event('A2')]);
      await t.store.appendToStream(b, [t.event('B1'), t.event('B2')]);
      await waitFor(() => seen.length === 6);

      expect(types(seen)).toEqual(['A0', 'A1', 'B0', 'A2', 'B1', 'B2']);
      expect(errors).toEqual([]);
      const fromRead = [...(await t.store.readStream(a)), ...(await t.store.readStream(b))];
      for (const e of seen) expect(fromRead.find((r) => r.id === e.id)).toEqual(e);
    });

    it('delivers events appended through another connection to the same storage', async () => {
      const other = await t.open();
      const { seen } = collect(t.store);
      await other.appendToStream(t.stream(), [t.event('FromElsewhere')]);
      await waitFor(() => seen.length === 1);
      expect(types(seen)).toEqual(['FromElsewhere']);
    });

    it('honours stream prefix filters', async () => {
      const otherCategory = `o${randomUUID().replaceAll('-', '')}`;
      const thirdCategory = `t${randomUUID().replaceAll('-', '')}`;
      await t.store.appendToStream(t.stream(), [t.event('Mine1')]);
      await t.store.appendToStream(`${otherCategory}-1`, [t.event('Other1')]);
      await t.store.appendToStream(`${thirdCategory}-1`, [t.event('Third1')]);

      const { seen } = collect(t.store, undefined, [`${t.category}-`, `${thirdCategory}-`]);
      await t.store.appendToStream(`${otherCategory}-1`, [t.event('Other2')]);
      await t.store.appendToStream(t.stream(), [t.event('Mine2')]);
      await waitFor(() => seen.length === 3);
      await quietPeriod();
      expect(types(seen)).toEqual(['Mine1', 'Third1', 'Mine2']);
    });

    it('starts after the given position', async () => {
      const id = t.stream();
      await t.store.appendToStream(id, [t.event('E0'), t.event('E1'), t.event('E2')]);
      const [, second] = await t.store.readStream(id);

      const { seen } = collect(t.store, second?.position);
      await waitFor(() => seen.length === 1);
      await quietPeriod();
      expect(types(seen)).toEqual(['E2']);
    });

    it('resumes after a restart from the last handled position, losing and repeating nothing', async () => {
      const id = t.stream();
      await t.store.appendToStream(id, [t.event('E0'), t.event('E1')]);
      const first = collect(t.store);
      await waitFor(() => first.seen.length === 2);
      await first.sub.stop();
      const checkpoint = first.seen.at(-1)?.position;
      await t.store.close();

      const writer = await t.open();
      await writer.appendToStream(id, [t.event('E2'), t.event('E3')]);
      await writer.close();

      const restarted = await t.open();
      const second = collect(restarted, checkpoint);
      await waitFor(() => second.seen.length === 2);
      await restarted.appendToStream(id, [t.event('E4')]);
      await waitFor(() => second.seen.length === 3);
      await quietPeriod();
      expect(types(second.seen)).toEqual(['E2', 'E3', 'E4']);
      expect(second.seen.map((e) => e.revision)).toEqual([2, 3, 4]);
    });

    it('awaits the handler one event at a time', async () => {
      const id = t.stream();
      await t.store.appendToStream(id, [t.event('E0'), t.event('E1'), t.event('E2')]);
      let running = 0;
      let maxRunning = 0;
      const handled: string[] = [];
      subscriptions.push(
        t.store.subscribeToAll({
          streamPrefixes: [`${t.category}-`],
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
      const id = t.stream();
      let finished = 0;
      let started = 0;
      const sub = t.store.subscribeToAll({
        streamPrefixes: [`${t.category}-`],
        handler: async () => {
          started++;
          await sleep(100);
          finished++;
        },
      });
      subscriptions.push(sub);
      await t.store.appendToStream(id, [t.event('Slow'), t.event('NeverHandled')]);
      await waitFor(() => started === 1);

      await sub.stop();
      expect(finished).toBe(1);
      await t.store.appendToStream(id, [t.event('AfterStop')]);
      await quietPeriod();
      expect(started).toBe(1);
    });

    it('hands a batchHandler consecutive events, each once, one batch at a time, live ones too', async () => {
      const [a, b] = [t.stream(), t.stream()];
      await t.store.appendToStream(a, [t.event('A0'), t.event('A1')]);
      await t.store.appendToStream(b, [t.event('B0')]);
      const batches: StoredEvent[][] = [];
      let running = 0;
      let maxRunning = 0;
      subscriptions.push(
        t.store.subscribeToAll({
          streamPrefixes: [`${t.category}-`],
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
      await t.store.appendToStream(a, [t.event('A2'), t.event('A3')]);
      await waitFor(() => seen().length === 5);
      await quietPeriod();

      expect(types(seen())).toEqual(['A0', 'A1', 'B0', 'A2', 'A3']);
      expect(batches.every((batch) => batch.length > 0)).toBe(true);
      expect(maxRunning).toBe(1);
      const fromRead = [...(await t.store.readStream(a)), ...(await t.store.readStream(b))];
      for (const e of seen()) expect(fromRead.find((r) => r.id === e.id)).toEqual(e);
    });

    /** Subscribes with a handler (or batchHandler) that always throws `message`; counts its calls and the errors. */
    const failing = (kind: 'handler' | 'batchHandler', message: string) => {
      const failed = { calls: 0, errors: [] as unknown[] };
      const fail = async () => {
        failed.calls++;
        throw new Error(message);
      };
      subscriptions.push(
        t.store.subscribeToAll({
          streamPrefixes: [`${t.category}-`],
          ...(kind === 'handler' ? { handler: fail } : { batchHandler: fail }),
          onError: (e) => failed.errors.push(e),
        }),
      );
      return failed;
    };

    it('stops on a batchHandler error and reports it, delivering nothing after', async () => {
      await t.store.appendToStream(t.stream(), [t.event('Boom'), t.event('Next')]);
      const failed = failing('batchHandler', 'batch failed');
      await waitFor(() => failed.errors.length === 1);
      await t.store.appendToStream(t.stream(), [t.event('Later')]);
      await quietPeriod();
      expect(failed.calls).toBe(1);
      expect((failed.errors[0] as Error).message).toBe('batch failed');
    });

    it('stops on a handler error and reports it', async () => {
      await t.store.appendToStream(t.stream(), [t.event('Boom'), t.event('Next')]);
      const failed = failing('handler', 'handler failed');
      await waitFor(() => failed.errors.length === 1);
      await quietPeriod();
      expect(failed.calls).toBe(1);
      expect((failed.errors[0] as Error).message).toBe('handler failed');
    });
  });

  describe('headPosition', () => {
    it('is a position after which only later appends are delivered', async () => {
      await t.store.appendToStream(t.stream(), [t.event('Before')]);
      const head = await t.store.headPosition();
      expect(head).toBeDefined();

      const seen: string[] = [];
      const sub = t.store.subscribeToAll({
        fromPosition: head,
        streamPrefixes: [`${t.category}-`],
        handler: async (e) => {
          seen.push(e.type);
        },
      });
      await t.store.appendToStream(t.stream(), [t.event('After')]);
      await waitFor(() => seen.length === 1);
      await sub.stop();
      expect(seen).toEqual(['After']);
    });
  });
}
