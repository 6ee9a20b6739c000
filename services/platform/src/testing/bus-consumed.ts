import type { MessageBus } from '../bus/message-bus.port';

/**
 * Resolves once every given consumer group has handled (committed or dead-lettered) every message on its topics:
 * the outcome to wait for before asserting that a redelivery changed nothing, instead of a fixed sleep.
 */
export async function everyMessageConsumed(
  bus: Pick<MessageBus, 'consumerLag'>,
  groups: ReadonlyArray<{ groupId: string; topics: string[] }>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lags = await Promise.all(groups.map((g) => bus.consumerLag(g.groupId, g.topics)));
    const pending = lags.flat().filter((l) => l.lag > 0);
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`messages still unhandled: ${pending.map((l) => `${l.topic} (${l.lag})`).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
