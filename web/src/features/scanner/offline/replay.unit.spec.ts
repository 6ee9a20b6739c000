import { describe, expect, it } from 'vitest';
import type { QueuedAward, ReplayAnswer } from './offline-queue';
import { memoryOfflineStore } from './offline-store';
import { NOW, aCard, anAward } from './offline.mothers';
import { replayQueue } from './replay';

/**
 * A card ledger as far as the replay sees it: answers `Idempotency-Key` like the real one (the same key
 * gets the first answer and books nothing more), or has no connection at all.
 */
function fakeServer(options: { refuse?: (entry: QueuedAward) => ReplayAnswer | null } = {}) {
  const answers = new Map<string, ReplayAnswer>();
  const server = {
    online: true,
    booked: [] as string[],
    sent: [] as string[],
    async send(entry: QueuedAward): Promise<ReplayAnswer> {
      server.sent.push(entry.id);
      if (!server.online) return { kind: 'network' };
      const first = answers.get(entry.idempotencyKey);
      if (first) return first;
      const refusal = options.refuse?.(entry) ?? null;
      const answer: ReplayAnswer = refusal ?? { kind: 'ok', card: aCard({ cardId: entry.cardId }) };
      if (!refusal) server.booked.push(entry.id);
      answers.set(entry.idempotencyKey, answer);
      return answer;
    },
  };
  return server;
}

async function storeWith(...awards: QueuedAward[]) {
  const store = memoryOfflineStore('t1|u1');
  for (const award of awards) await store.put(award);
  return store;
}

const three = () => [
  anAward({ id: 'a', seq: 1, cardId: 'c1', idempotencyKey: 'key-a-000000' }),
  anAward({ id: 'b', seq: 2, cardId: 'c2', idempotencyKey: 'key-b-000000' }),
  anAward({ id: 'c', seq: 3, cardId: 'c3', idempotencyKey: 'key-c-000000' }),
];

describe('replaying the queue', () => {
  it('given three awards queued offline, when the connection is back, then all three are booked in order and the queue is empty', async () => {
    const store = await storeWith(...three().reverse());
    const server = fakeServer();
    const booked: string[] = [];

    const result = await replayQueue({
      store,
      send: (e) => server.send(e),
      now: () => NOW,
      onBooked: (e) => booked.push(e.id),
    });

    expect(result).toEqual({ booked: 3, refused: 0, retryInMs: null, networkFailed: false });
    expect(server.sent).toEqual(['a', 'b', 'c']);
    expect(booked).toEqual(['a', 'b', 'c']);
    expect(await store.awards()).toEqual([]);
  });

  it('given the same three awards replayed a second time (same keys), then nothing more is booked', async () => {
    const server = fakeServer();
    await replayQueue({ store: await storeWith(...three()), send: (e) => server.send(e), now: () => NOW });

    const again = await storeWith(...three());
    const result = await replayQueue({ store: again, send: (e) => server.send(e), now: () => NOW });

    expect(result.booked).toBe(3); // answered as booked: the first answers, replayed
    expect(server.booked).toEqual(['a', 'b', 'c']);
    expect(await again.awards()).toEqual([]);
  });

  it('given no connection yet, then the first award stays with a backoff, nothing behind it is sent', async () => {
    const store = await storeWith(...three());
    const server = fakeServer();
    server.online = false;

    const result = await replayQueue({ store, send: (e) => server.send(e), now: () => NOW });

    expect(result).toEqual({ booked: 0, refused: 0, retryInMs: 2000, networkFailed: true });
    expect(server.sent).toEqual(['a']);
    const stored = await store.awards();
    expect(stored).toHaveLength(3);
    expect(stored.find((e) => e.id === 'a')).toMatchObject({ attempts: 1, nextAttemptAt: NOW + 2000 });
  });

  it('given the head waiting for its backoff, then the pass waits for it', async () => {
    const store = await storeWith(anAward({ id: 'a', nextAttemptAt: NOW + 1500 }));
    const server = fakeServer();
    const result = await replayQueue({ store, send: (e) => server.send(e), now: () => NOW });
    expect(result.retryInMs).toBe(1500);
    expect(server.sent).toEqual([]);
  });

  it('given the head waiting for its backoff, when the connection comes back, then it is sent at once', async () => {
    const store = await storeWith(anAward({ id: 'a', nextAttemptAt: NOW + 60_000 }));
    const server = fakeServer();
    const result = await replayQueue({
      store,
      send: (e) => server.send(e),
      now: () => NOW,
      ignoreBackoff: true,
    });
    expect(result.booked).toBe(1);
    expect(server.sent).toEqual(['a']);
  });

  it('given a refusal in the middle, then it is kept as refused with the reason and the rest is booked', async () => {
    const store = await storeWith(...three());
    const server = fakeServer({
      refuse: (e) =>
        e.id === 'b'
          ? {
              kind: 'error',
              status: 429,
              code: 'CARD.SCAN_COOLDOWN',
              message: 'Ta karta została przed chwilą zeskanowana. Odczekaj 2 s i spróbuj ponownie.',
            }
          : null,
    });
    const refused: string[] = [];

    const result = await replayQueue({
      store,
      send: (e) => server.send(e),
      now: () => NOW,
      onRefused: (e) => refused.push(e.refusal?.message ?? ''),
    });

    expect(result).toMatchObject({ booked: 2, refused: 1, retryInMs: null });
    expect(refused).toEqual(['Ta karta została przed chwilą zeskanowana. Odczekaj 2 s i spróbuj ponownie.']);
    expect(await store.awards()).toEqual([
      expect.objectContaining({
        id: 'b',
        status: 'refused',
        refusal: expect.objectContaining({ retryable: true }),
      }),
    ]);
  });

  it('given the connection drops in the middle, then what was booked is gone and the rest waits in order', async () => {
    const store = await storeWith(...three());
    const server = fakeServer();
    const send = async (e: QueuedAward) => {
      if (e.id === 'b') server.online = false;
      return server.send(e);
    };

    const result = await replayQueue({ store, send, now: () => NOW });

    expect(result).toMatchObject({ booked: 1, networkFailed: true });
    expect((await store.awards()).map((e) => e.id).sort()).toEqual(['b', 'c']);
  });
});
