import { createHash } from 'node:crypto';
import type { DocumentStore } from '../documents/document-store.port';
import { ConcurrencyError, DuplicateKeyError, RateLimitedError } from '../errors/errors';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/**
 * Fixed-window rate limits persisted in the document store (`rate-limits`), so they hold across restarts and
 * across instances sharing the store. A counter document per (rule, key, window start); keys are hashed, so
 * e-mail addresses used as keys are not stored in clear. Expired windows are swept now and then.
 * Identity guards sign-in, registration and e-mails with it; the tenant service unknown short enrolment codes.
 */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

type CounterDoc = { _id: string; count: number; expiresAt: string };

export function rateLimiter(
  documents: DocumentStore,
  /** the Polish message of the 429 RATE_LIMITED answer */
  message = 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
) {
  const counters = documents.collection<CounterDoc>('rate-limits');
  let lastSweep = 0;

  function counterOf(rule: RateRule, key: string, now: Date) {
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    return {
      id: `${rule.name}:${sha256(key)}:${windowStart}`,
      expiresAt: new Date(windowStart + windowMs).toISOString(),
      /** whole seconds until the window ends: the refusal's Retry-After */
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000)),
    };
  }

  async function hit(rule: RateRule, key: string, now: Date): Promise<number> {
    const { id, expiresAt } = counterOf(rule, key, now);
    for (let attempt = 0; ; attempt++) {
      try {
        const current = await counters.get(id);
        if (!current) return (await counters.insert({ _id: id, count: 1, expiresAt })).count;
        return (
          await counters.update({ ...current, count: current.count + 1 }, { expectedRevision: current._rev })
        ).count;
      } catch (error) {
        const lostRace = error instanceof ConcurrencyError || error instanceof DuplicateKeyError;
        if (!lostRace || attempt >= 20) throw error;
      }
    }
  }

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    for (const doc of await counters.find({ expiresAt: { $lt: now.toISOString() } }, { limit: 500 }))
      await counters.delete(doc._id);
  }

  return {
    async ensureIndexes() {
      await counters.ensureIndex({ fields: { expiresAt: 1 } });
    },
    /**
     * Throws 429 RATE_LIMITED when the key has used up the rule in the current window, counting nothing: for
     * limits on failures only (count them with `check` once they happen), checked before the attempt. The
     * refusal says when the window ends (Retry-After).
     */
    async refuseWhenExhausted(now: Date, rule: RateRule, key: string) {
      const counter = counterOf(rule, key, now);
      const current = await counters.get(counter.id);
      if (current && current.count >= rule.limit)
        throw new RateLimitedError(message, counter.retryAfterSeconds);
    },
    /**
     * Counts one attempt against every rule; throws 429 RATE_LIMITED when any limit is exceeded, with the
     * latest end of an exceeded rule's window as Retry-After.
     */
    async check(now: Date, ...checks: Array<[RateRule, string]>) {
      await sweep(now);
      let retryAfterSeconds = 0;
      for (const [rule, key] of checks)
        if ((await hit(rule, key, now)) > rule.limit)
          retryAfterSeconds = Math.max(retryAfterSeconds, counterOf(rule, key, now).retryAfterSeconds);
      if (retryAfterSeconds) throw new RateLimitedError(message, retryAfterSeconds);
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
