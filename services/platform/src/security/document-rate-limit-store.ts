import type { DocumentStore } from '../documents/document-store.port';
import { isLostRace, retryLostRace } from '../errors/lost-race';
import type { RateLimitStore, RateRule } from './rate-limit-store.port';

type Counter = { _id: string; count: number; expiresAt: string };

const keptByAHit = (error: unknown) => {
  if (isLostRace(error)) return false;
  throw error;
};

/** How often expired counters are swept (at most once a minute, started by a hit), and how many per read. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 500;

/**
 * Hits counted in the document store with its revision-checked writes (read → +1 → write, retried when another
 * writer won): the MongoDB-wire adapter. rate-limiter-flexible's RateLimiterMongo counts with one upserting
 * `$inc` and expires counters by a TTL index; on FerretDB (the MongoDB wire this product runs on) concurrent
 * `$inc`s of one key lost hits (20 concurrent hits counted as 4) and TTL indexes are not implemented, so the
 * limits would not hold. The contract test (rate-limit-store.contract.ts) proves this adapter on both.
 * Expiry is by the wall clock, as in the other adapters. The collection `rate-limits` of earlier versions is
 * no longer written (docs/operations.md, Known gaps).
 */
export function documentRateLimitStore(documents: DocumentStore): RateLimitStore {
  const counters = documents.collection<Counter>('rate-limit-counters');
  const indexed = counters.ensureIndex({ fields: { expiresAt: 1 } });
  let lastSweep = 0;
  const idOf = (rule: RateRule, key: string) => `${rule.name}:${key}`;
  const live = (counter: Counter | null, now: number) =>
    counter && Date.parse(counter.expiresAt) > now ? counter : null;

  /** every counter expired by `now`, batch after batch (every window makes new keys, so they add up) */
  async function sweep(now: number) {
    const expired = { expiresAt: { $lt: new Date(now).toISOString() } };
    for (;;) {
      const batch = await counters.find(expired, { limit: SWEEP_BATCH });
      let deleted = 0;
      // a counter hit meanwhile has another revision and stays; any other failure ends this sweep
      for (const doc of batch)
        if (await counters.delete(doc._id, { expectedRevision: doc._rev }).catch(keptByAHit)) deleted++;
      if (batch.length < SWEEP_BATCH || deleted === 0) return;
    }
  }

  /** off the hit's path, one at a time: a hit waits for its own count only; a failed sweep is tried again later */
  let sweeping = false;
  function sweepNowAndThen(now: number) {
    if (sweeping || now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    sweeping = true;
    void sweep(now)
      .catch(() => undefined)
      .finally(() => (sweeping = false));
  }

  return {
    async hit(rule, key) {
      await indexed;
      const now = Date.now();
      sweepNowAndThen(now);
      const id = idOf(rule, key);
      const expiresAt = new Date(now + rule.windowSeconds * 1000).toISOString();
      return retryLostRace(
        async () => {
          const current = await counters.get(id);
          if (!current) return (await counters.insert({ _id: id, count: 1, expiresAt })).count;
          const next = live(current, now)
            ? { ...current, count: current.count + 1 }
            : { _id: id, count: 1, expiresAt };
          return (await counters.update(next, { expectedRevision: current._rev })).count;
        },
        { maxAttempts: 50, maxPauseMs: 20 },
      );
    },
    async hits(rule, key) {
      await indexed;
      return live(await counters.get(idOf(rule, key)), Date.now())?.count ?? 0;
    },
  };
}
