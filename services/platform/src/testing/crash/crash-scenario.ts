import { join } from 'node:path';

/** Names shared by the crash test's parent (crash-test.ts) and child (crash-child.ts). */
export const CRASH_TOPIC = 'crashtest.items.v1';
export const CRASH_GROUP = 'crashtest-consumer';
export const CRASH_STREAMS = ['item-a', 'item-b', 'item-c', 'item-d'];

export const crashFiles = (dir: string) => ({
  events: join(dir, 'events.db'),
  bus: join(dir, 'bus.db'),
  consumer: join(dir, 'consumer.db'),
});
