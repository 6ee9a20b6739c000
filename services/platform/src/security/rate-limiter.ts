import { createHash } from 'node:crypto';
import type { DocumentStore } from '../documents/document-store.port';
import { addDays, warsawDate, warsawStartOfDay } from '@punkto/contracts/warsaw-time';
import { RateLimitedError } from '../errors/errors';
import { durableRateLimitStore, type RateLimitStore, type RateRule } from './rate-limit-store';

export type { RateRule } from './rate-limit-store';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/**
 * Fixed-window rate limits counted in a RateLimitStore (rate-limit-store.ts): by default the durable one beside
 * the document store, so they hold across restarts and across instances sharing the store. A counter per
 * (rule, key, window start), the window aligned to the caller's clock; keys are hashed, so e-mail addresses used
 * as keys are not stored in clear. Identity guards sign-in, registration and e-mails with it; the tenant service
 * unknown short enrolment codes; surveys and company messages their public answers.
 */
export function rateLimiter(
  store: DocumentStore | RateLimitStore,
  /** the Polish message of the 429 RATE_LIMITED answer */
  message = 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.',
) {
  const counts = 'hit' in store ? store : durableRateLimitStore(store);

  function windowOf(rule: RateRule, key: string, now: Date) {
    const [windowStart, windowEnd] = boundsOf(rule, now);
    return {
      key: `${sha256(key)}:${windowStart}`,
      /** whole seconds until the window ends: the refusal's Retry-After */
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
    };
  }

  return {
    /**
     * Throws 429 RATE_LIMITED when the key has used up the rule in the current window, counting nothing: for
     * limits on failures only (count them with `check` once they happen), checked before the attempt. The
     * refusal says when the window ends (Retry-After).
     */
    async refuseWhenExhausted(now: Date, rule: RateRule, key: string) {
      const window = windowOf(rule, key, now);
      if ((await counts.hits(rule, window.key)) >= rule.limit)
        throw new RateLimitedError(message, window.retryAfterSeconds);
    },
    /**
     * Counts one attempt against every rule; throws 429 RATE_LIMITED when any limit is exceeded, with the
     * latest end of an exceeded rule's window as Retry-After.
     */
    async check(now: Date, ...checks: Array<[RateRule, string]>) {
      let retryAfterSeconds = 0;
      for (const [rule, key] of checks) {
        const window = windowOf(rule, key, now);
        if ((await counts.hit(rule, window.key)) > rule.limit)
          retryAfterSeconds = Math.max(retryAfterSeconds, window.retryAfterSeconds);
      }
      if (retryAfterSeconds) throw new RateLimitedError(message, retryAfterSeconds);
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;

/** the start and end (ms) of the rule's window holding `now` */
function boundsOf(rule: RateRule, now: Date): [number, number] {
  if (rule.calendar === 'warsaw-day') {
    const day = warsawDate(now);
    return [warsawStartOfDay(day).getTime(), warsawStartOfDay(addDays(day, 1)).getTime()];
  }
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return [start, start + windowMs];
}
