import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimitStore, RateRule } from './rate-limit-store';

export interface RateLimitStoreHarness {
  open(): Promise<RateLimitStore>;
  /** opens the same store again, as a restarted process would; absent for a per-process store */
  reopen?(): Promise<RateLimitStore>;
  cleanup?(): Promise<void>;
}

/** THE contract every RateLimitStore adapter passes (memory, SQLite, MongoDB). */
export function rateLimitStoreContract(name: string, harness: () => Promise<RateLimitStoreHarness>) {
  const rule = (limit = 3, windowSeconds = 60): RateRule => ({
    name: `r-${randomUUID()}`,
    limit,
    windowSeconds,
  });
  const withStore = async (test: (store: RateLimitStore, h: RateLimitStoreHarness) => Promise<void>) => {
    const h = await harness();
    try {
      await test(await h.open(), h);
    } finally {
      await h.cleanup?.();
    }
  };

  describe(`RateLimitStore contract: ${name}`, () => {
    it('counts the hits of a key, and goes on counting over the limit', () =>
      withStore(async (store) => {
        const r = rule(2);
        const counts = [];
        for (let i = 0; i < 4; i++) counts.push(await store.hit(r, 'k'));
        expect(counts).toEqual([1, 2, 3, 4]);
        expect(await store.hits(r, 'k')).toBe(4);
      }));

    it('reads the hits without counting; an unknown key has none', () =>
      withStore(async (store) => {
        const r = rule();
        expect(await store.hits(r, 'nobody')).toBe(0);
        await store.hit(r, 'k');
        expect(await store.hits(r, 'k')).toBe(1);
        expect(await store.hits(r, 'k')).toBe(1);
      }));

    it('keeps keys and rules apart', () =>
      withStore(async (store) => {
        const [a, b] = [rule(), rule()];
        await store.hit(a, 'k');
        await store.hit(a, 'k');
        await store.hit(a, 'other');
        await store.hit(b, 'k');
        expect([await store.hits(a, 'k'), await store.hits(a, 'other'), await store.hits(b, 'k')]).toEqual([
          2, 1, 1,
        ]);
      }));

    it('counts concurrent hits exactly once each', () =>
      withStore(async (store) => {
        const r = rule(10);
        const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit(r, 'hot')));
        expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      }));

    it('forgets a key once its window has passed', () =>
      withStore(async (store) => {
        const r = rule(5, 1);
        await store.hit(r, 'k');
        await new Promise((resolve) => setTimeout(resolve, 1100));
        expect(await store.hits(r, 'k')).toBe(0);
        expect(await store.hit(r, 'k')).toBe(1);
      }));

    it('a durable store keeps the counts across a restart', () =>
      withStore(async (store, h) => {
        if (!h.reopen) return;
        const r = rule();
        await store.hit(r, 'k');
        await store.hit(r, 'k');
        expect(await (await h.reopen()).hits(r, 'k')).toBe(2);
      }));
  });
}
