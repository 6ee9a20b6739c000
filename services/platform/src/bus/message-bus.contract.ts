import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadLetterTopic } from '@punkto/contracts/topics';
import { sleep, waitFor as waitUntil } from '../testing/wait-for';
import type { Consumer, IncomingMessage, MessageBus, SubscribeOptions } from './message-bus.port';

/**
 * THE contract every MessageBus adapter passes (SQLite now, Kafka later). Only the port is used; every
 * test has its own topics and groups (random names), offsets are opaque, and waits are condition-based
 * with generous time-outs because a real broker rebalances slowly.
 */
export interface MessageBusHarness {
  /** opens the bus; may be called again (after close) to simulate a restart on the same storage */
  open(): Promise<MessageBus>;
  cleanup(): Promise<void>;
}

const WAIT_MS = 20_000;

export function messageBusContract(adapterName: string, harness: () => Promise<MessageBusHarness>): void {
  describe(`MessageBus contract: ${adapterName}`, () => {
    let h: MessageBusHarness;
    let opened: MessageBus[];
    let consumers: Consumer[];
    let bus: MessageBus;

    const open = async () => {
      const b = await h.open();
      opened.push(b);
      return b;
    };
    const unique = (what: string) => `test.${what}.${randomUUID().slice(0, 8)}`;

    /** Subscribes and collects what arrives; `fail` decides per message whether the handler throws. */
    const collect = async (
      target: MessageBus,
      options: Omit<SubscribeOptions, 'handler'>,
      fail: (m: IncomingMessage) => boolean = () => false,
    ) => {
      const received: IncomingMessage[] = [];
      const consumer = await target.subscribe({
        ...options,
        handler: async (m) => {
          received.push(m);
          if (fail(m)) throw new Error(`refused ${m.key}`);
        },
      });
      consumers.push(consumer);
      return { received, consumer };
    };
    const values = (ms: IncomingMessage[]) => ms.map((m) => m.value);

    beforeEach(async () => {
      h = await harness();
      opened = [];
      consumers = [];
      bus = await open();
    });
    afterEach(async () => {
      for (const c of consumers) await c.stop();
      for (const b of opened) await b.close();
      await h.cleanup();
    });

    it('delivers a published message with its key, value and headers', async () => {
      const topic = unique('roundtrip');
      const { received } = await collect(bus, { groupId: unique('g'), topics: [topic] });
      await bus.publish(topic, [
        { key: 'card-1', value: { type: 'PointsEarned', n: 5 }, headers: { 'event-type': 'PointsEarned' } },
      ]);
      await waitFor(() => received.length === 1);

      const [m] = received;
      expect(m).toMatchObject({ topic, key: 'card-1', value: { type: 'PointsEarned', n: 5 }, attempt: 1 });
      expect(m?.headers['event-type']).toBe('PointsEarned');
      expect(typeof m?.offset).toBe('string');
      expect(Number.isInteger(m?.partition)).toBe(true);
      expect(Number.isNaN(Date.parse(m?.timestamp ?? ''))).toBe(false);
    });

    it('keeps order per key across many messages and publish calls', async () => {
      const topic = unique('order');
      const keys = ['a', 'b', 'c'];
      for (let batch = 0; batch < 10; batch++) {
        await bus.publish(
          topic,
          Array.from({ length: 9 }, (_, i) => ({ key: keys[i % 3] ?? 'a', value: { n: batch * 9 + i } })),
        );
      }
      const { received } = await collect(bus, { groupId: unique('g'), topics: [topic] });
      await waitFor(() => received.length === 90);

      for (const key of keys) {
        const ns = received.filter((m) => m.key === key).map((m) => (m.value as { n: number }).n);
        expect(ns).toHaveLength(30);
        expect(ns).toEqual([...ns].sort((x, y) => x - y));
      }
    });

    it('publishes a batch over several topics: every message once, in order per key', async () => {
      const [t1, t2] = [unique('batch1'), unique('batch2')];
      const one = await collect(bus, { groupId: unique('g'), topics: [t1] });
      const two = await collect(await open(), { groupId: unique('g'), topics: [t2] });
      // the relay's shape: events of several aggregates, interleaved, then an empty share (nothing for it)
      await bus.publishBatch([
        { topic: t1, messages: [0, 1, 2, 3, 4, 5].map((n) => ({ key: `k${n % 2}`, value: n })) },
        { topic: t2, messages: [{ key: 'x', value: 'a', headers: { 'event-type': 'A' } }] },
        { topic: t1, messages: [6, 7].map((n) => ({ key: `k${n % 2}`, value: n })) },
        { topic: t2, messages: [] },
      ]);
      await bus.publishBatch([]);
      await waitFor(() => one.received.length === 8 && two.received.length === 1);
      await quietPeriod();
      for (const key of ['k0', 'k1'])
        expect(values(one.received.filter((m) => m.key === key))).toEqual(
          key === 'k0' ? [0, 2, 4, 6] : [1, 3, 5, 7],
        );
      expect(one.received).toHaveLength(8);
      expect(two.received).toHaveLength(1);
      expect(two.received[0]).toMatchObject({ topic: t2, key: 'x', value: 'a' });
      expect(two.received[0]?.headers['event-type']).toBe('A');
    });

    it('gives every consumer group every message', async () => {
      const topic = unique('groups');
      const first = await collect(bus, { groupId: unique('g1'), topics: [topic] });
      const second = await collect(await open(), { groupId: unique('g2'), topics: [topic] });
      await bus.publish(
        topic,
        [1, 2, 3].map((n) => ({ key: 'k', value: n })),
      );
      await waitFor(() => first.received.length === 3 && second.received.length === 3);
      expect(values(first.received)).toEqual([1, 2, 3]);
      expect(values(second.received)).toEqual([1, 2, 3]);
    });

    it('lets several processes subscribe to the same new topic at the same moment', async () => {
      // at start-up every service subscribes to identity.users.v1 (access revocations) at once
      const topic = unique('race');
      const buses = await Promise.all(Array.from({ length: 5 }, () => open()));
      const groups = await Promise.all(
        buses.map((b) => collect(b, { groupId: unique('g'), topics: [topic] })),
      );
      await bus.publish(topic, [{ key: 'k', value: 'for everyone' }]);
      await waitFor(() => groups.every((g) => g.received.length === 1));
      for (const g of groups) expect(values(g.received)).toEqual(['for everyone']);
    });

    it('consumes several topics with one consumer', async () => {
      const [t1, t2] = [unique('multi1'), unique('multi2')];
      const { received } = await collect(bus, { groupId: unique('g'), topics: [t1, t2] });
      await bus.publish(t1, [{ key: 'k', value: 'one' }]);
      await bus.publish(t2, [{ key: 'k', value: 'two' }]);
      await waitFor(() => received.length === 2);
      expect(new Set(received.map((m) => `${m.topic}:${String(m.value)}`))).toEqual(
        new Set([`${t1}:one`, `${t2}:two`]),
      );
    });

    it('resumes a group from its committed offset after a restart, losing and repeating nothing', async () => {
      const topic = unique('resume');
      const groupId = unique('g');
      await bus.publish(
        topic,
        [1, 2, 3].map((n) => ({ key: 'k', value: n })),
      );
      const before = await collect(bus, { groupId, topics: [topic] });
      await waitFor(() => before.received.length === 3);
      await before.consumer.stop();
      await bus.publish(
        topic,
        [4, 5].map((n) => ({ key: 'k', value: n })),
      );
      await bus.close();

      const restarted = await open();
      const after = await collect(restarted, { groupId, topics: [topic] });
      await restarted.publish(topic, [{ key: 'k', value: 6 }]);
      await waitFor(() => after.received.length >= 3);
      await quietPeriod();
      expect(values(before.received)).toEqual([1, 2, 3]);
      expect(values(after.received)).toEqual([4, 5, 6]);
    });

    it('redelivers a message whose handler failed, with an increasing attempt number', async () => {
      const topic = unique('retry');
      let failures = 0;
      const { received } = await collect(
        bus,
        { groupId: unique('g'), topics: [topic], retry: { initialBackoffMs: 10, maxAttempts: 5 } },
        (m) => m.value === 'flaky' && failures++ < 2,
      );
      await bus.publish(topic, [
        { key: 'k', value: 'flaky' },
        { key: 'k', value: 'next' },
      ]);
      await waitFor(() => received.some((m) => m.value === 'next'));

      expect(received.map((m) => [m.value, m.attempt])).toEqual([
        ['flaky', 1],
        ['flaky', 2],
        ['flaky', 3],
        ['next', 1],
      ]);
    });

    it('dead-letters a message after max attempts and moves on to the next one', async () => {
      const topic = unique('dlq');
      const groupId = unique('g');
      const { received } = await collect(
        bus,
        { groupId, topics: [topic], retry: { initialBackoffMs: 5, maxBackoffMs: 20, maxAttempts: 3 } },
        (m) => m.value === 'poison',
      );
      const dead = await collect(bus, { groupId: unique('dlq-reader'), topics: [deadLetterTopic(topic)] });
      await bus.publish(topic, [
        { key: 'k1', value: 'poison', headers: { 'event-type': 'Poison' } },
        { key: 'k1', value: 'healthy' },
      ]);
      await waitFor(() => received.some((m) => m.value === 'healthy') && dead.received.length === 1);

      expect(received.map((m) => [m.value, m.attempt])).toEqual([
        ['poison', 1],
        ['poison', 2],
        ['poison', 3],
        ['healthy', 1],
      ]);
      const [letter] = dead.received;
      expect(letter).toMatchObject({ key: 'k1', value: 'poison' });
      expect(letter?.headers).toMatchObject({
        'event-type': 'Poison',
        'x-original-topic': topic,
        'x-original-offset': received[0]?.offset,
        'x-error': 'refused k1',
      });

      // the dead letter was committed: a restarted group does not see the poison message again
      for (const c of consumers) await c.stop();
      const again = await collect(await open(), { groupId, topics: [topic] });
      await bus.publish(topic, [{ key: 'k1', value: 'later' }]);
      await waitFor(() => again.received.length >= 1);
      await quietPeriod();
      expect(values(again.received)).toEqual(['later']);
    });

    it('with fromBeginning false, a new group skips messages published before it subscribed', async () => {
      const topic = unique('latest');
      await bus.publish(topic, [{ key: 'k', value: 'old' }]);
      const { received } = await collect(bus, {
        groupId: unique('g'),
        topics: [topic],
        fromBeginning: false,
      });
      await bus.publish(topic, [{ key: 'k', value: 'new' }]);
      await waitFor(() => received.length >= 1);
      await quietPeriod();
      expect(values(received)).toEqual(['new']);
    });

    it('with fromBeginning true (default), a new group reads old messages', async () => {
      const topic = unique('earliest');
      await bus.publish(topic, [{ key: 'k', value: 'old' }]);
      const { received } = await collect(bus, { groupId: unique('g'), topics: [topic] });
      await waitFor(() => received.length === 1);
      expect(values(received)).toEqual(['old']);
    });

    it("reports a group's lag: growing while its consumer is stopped, back to 0 once it catches up", async () => {
      const topic = unique('lag');
      const groupId = unique('g');
      const total = async () => (await bus.consumerLag(groupId, [topic])).reduce((sum, p) => sum + p.lag, 0);
      const first = await collect(bus, { groupId, topics: [topic] });
      await bus.publish(topic, [{ key: 'a', value: 1 }]);
      await waitFor(() => first.received.length === 1);
      await waitForAsync(async () => (await total()) === 0);
      await first.consumer.stop();

      await bus.publish(topic, [
        { key: 'a', value: 2 },
        { key: 'b', value: 3 },
        { key: 'c', value: 4 },
      ]);
      expect(await total()).toBe(3);
      expect((await bus.consumerLag(groupId, [topic])).every((p) => p.topic === topic)).toBe(true);

      const second = await collect(bus, { groupId, topics: [topic] });
      await waitFor(() => second.received.length === 3);
      await waitForAsync(async () => (await total()) === 0);
    });

    it('stop() waits for the in-flight handler and then delivers nothing more', async () => {
      const topic = unique('stop');
      let started = 0;
      let finished = 0;
      const consumer = await bus.subscribe({
        groupId: unique('g'),
        topics: [topic],
        handler: async () => {
          started++;
          await sleep(100);
          finished++;
        },
      });
      consumers.push(consumer);
      await bus.publish(topic, [
        { key: 'k', value: 1 },
        { key: 'k', value: 2 },
      ]);
      await waitFor(() => started === 1);
      await consumer.stop();
      expect(finished).toBe(1);
      await bus.publish(topic, [{ key: 'k', value: 3 }]);
      await quietPeriod();
      expect(started).toBe(1);
    });
  });
}

/** Lets a would-be extra (wrong) delivery happen before asserting that it did not. */
const quietPeriod = () => sleep(200);
const waitFor = (condition: () => boolean, timeoutMs = WAIT_MS) => waitUntil(condition, timeoutMs);
const waitForAsync = (condition: () => Promise<boolean>, timeoutMs = WAIT_MS) =>
  waitUntil(condition, timeoutMs, 50);
