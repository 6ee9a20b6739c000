/**
 * A token bucket: at most `perSecond` calls a second on average, `burst` at once after a quiet spell. Callers
 * `take()` a token before a call to a provider; when none is left they wait their turn, first come first
 * served (each waiter reserves the next token, so the tokens can go negative: the debt is the queue).
 *
 * Used for the provider calls of company messages (passes/wallet-messenger.ts) and for their e-mails
 * (messages/campaign-sending.ts): a campaign to 10,000 customers is sent at the rate Apple, Google and the mail
 * server allow instead of all at once. Per process: with several replicas each has its own bucket (set the
 * rate per replica).
 */
export interface RateLimiter {
  /** resolves when the caller may make one call */
  take(): Promise<void>;
  readonly perSecond: number;
}

export function tokenBucket(options: {
  perSecond: number;
  /** tokens available at once (default a tenth of a second's worth, at least 1) */
  burst?: number;
  /** milliseconds, monotonic (default performance.now) */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): RateLimiter {
  const { perSecond } = options;
  if (!(perSecond > 0)) throw new RangeError(`perSecond must be positive, got ${perSecond}`);
  const burst = Math.max(1, options.burst ?? Math.ceil(perSecond / 10));
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let tokens = burst;
  let last = now();

  return {
    perSecond,
    take(): Promise<void> {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      tokens -= 1;
      if (tokens >= 0) return Promise.resolve();
      // this caller's token comes when the debt before it (and its own) has been refilled
      return sleep((-tokens / perSecond) * 1000);
    },
  };
}
