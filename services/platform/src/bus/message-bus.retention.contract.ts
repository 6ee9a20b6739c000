import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor as waitUntil } from '../testing/wait-for';
import type { MessageBusHarness } from './message-bus.contract';
import type { Consumer, IncomingMessage, MessageBus } from './message-bus.port';

const WAIT_MS = 20_000;

/**
 * Retention (ADR 0046), part of the contract every MessageBus adapter passes: personal data carried plain on the
 * bus (ADR 0006) leaves it once every group reading its topic has handled it, and not before.
 */
export function messageBusRetentionContract(adapterName: string, harness: () => Promise<MessageBusHarness>) {
  describe(`MessageBus retention contract: ${adapterName}`, () => {
    let h: MessageBusHarness;
    let bus: MessageBus;
    const consumers: Consumer[] = [];
    const unique = (what: string) => `test.${what}.${randomUUID().slice(0, 8)}`;
    const collect = async (groupId: string, topic: string) => {
      const received: IncomingMessage[] = [];
      consumers.push(
        await bus.subscribe({ groupId, topics: [topic], handler: async (m) => void received.push(m) }),
      );
      return { received };
    };
    const values = (ms: IncomingMessage[]) => ms.map((m) => m.value);

    beforeEach(async () => {
      h = await harness();
      bus = await h.open();
    });
    afterEach(async () => {
      for (const c of consumers.splice(0)) await c.stop();
      await bus.close();
      await h.cleanup();
    });

    it('retention deletes what every group of the topic handled, keeps what a group has not handled yet', async () => {
      const topic = unique('retained');
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const fast = await collect(unique('fast'), topic);
      const slowSeen: unknown[] = [];
      const slowGroup = unique('slow');
      consumers.push(
        await bus.subscribe({
          groupId: slowGroup,
          topics: [topic],
          handler: async (m) => {
            slowSeen.push(m.value);
            if (m.value === 'second') await released;
          },
        }),
      );
      // one key: one partition, in order
      await bus.publish(topic, [
        { key: 'person', value: 'first' },
        { key: 'person', value: 'second' },
      ]);
      await waitUntil(() => fast.received.length === 2 && slowSeen.length === 2, WAIT_MS);
      await waitUntil(
        async () => (await bus.consumerLag(slowGroup, [topic])).reduce((sum, l) => sum + l.lag, 0) === 1,
        WAIT_MS,
      );

      // later than any adapter's grace: 'first' was handled by both groups, 'second' by one
      expect(await bus.applyRetention(new Date(Date.now() + 3_600_000))).toBe(1);
      const late = await collect(unique('late'), topic);
      await waitUntil(() => late.received.length === 1, WAIT_MS);
      expect(values(late.received)).toEqual(['second']);
      release();
    });

    it('keeps what a group that subscribed has not handled, while all its consumers are down', async () => {
      const topic = unique('down');
      const downGroup = unique('down');
      const other = await collect(unique('other'), topic);
      // the group ran once (it joined and handled something), then all its consumers stopped
      const seen: unknown[] = [];
      const first = await bus.subscribe({
        groupId: downGroup,
        topics: [topic],
        handler: async (m) => void seen.push(m.value),
      });
      await bus.publish(topic, [{ key: 'person', value: 'before' }]);
      await waitUntil(() => seen.length === 1 && other.received.length === 1, WAIT_MS);
      await first.stop();
      await bus.publish(topic, [{ key: 'person', value: 'while down' }]);
      await waitUntil(() => other.received.length === 2, WAIT_MS);

      // 'before' was handled by both groups; 'while down' is kept for the stopped group
      expect(await bus.applyRetention(new Date(Date.now() + 3_600_000))).toBe(1);
      const back = await collect(downGroup, topic);
      await waitUntil(() => back.received.length === 1, WAIT_MS);
      expect(values(back.received)).toEqual(['while down']);
    });
  });
}
