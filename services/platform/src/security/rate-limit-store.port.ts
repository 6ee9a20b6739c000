/** A limit: at most `limit` hits per key in a window of `windowSeconds`. */
export interface RateRule {
  name: string;
  limit: number;
  /** the window's length; for a calendar window, the longest it can be (the store keeps a count that long) */
  windowSeconds: number;
  /**
   * `warsaw-day`: the window is the calendar day in Poland (midnight to midnight, 23 to 25 hours across the
   * clock changes), so „a day” is the day the people it concerns live in; default: fixed windows of
   * `windowSeconds` from the epoch
   */
  calendar?: 'warsaw-day';
}

/**
 * THE port of rate counting: hits per (rule, key), kept for the rule's window, counted atomically by the store.
 * The adapters are rate-limiter-flexible stores: in memory (one process: pacing, tests), SQLite on the document
 * store's better-sqlite3 connection (limits that hold across restarts and across instances sharing the store);
 * on MongoDB wire the document store's revision-checked counters (document-rate-limit-store.ts). All pass rate-limit-store.contract.ts.
 */
export interface RateLimitStore {
  /** one more hit of `key` under `rule`, counted even over the limit; the hits in the key's window so far */
  hit(rule: RateRule, key: string): Promise<number>;
  /** the hits of `key` under `rule` so far, counting nothing (0 when none or its window has expired) */
  hits(rule: RateRule, key: string): Promise<number>;
}
