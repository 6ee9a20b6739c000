import type { Database as SqliteDatabase } from 'better-sqlite3';
import {
  RateLimiterMemory,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DocumentStore } from '../documents/document-store.port';
import { MongoDocumentStore } from '../documents/mongo-document-store';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { documentRateLimitStore } from './document-rate-limit-store';
import type { RateLimitStore, RateRule } from './rate-limit-store.port';

export type { RateLimitStore, RateRule } from './rate-limit-store.port';

type LimiterOf = (rule: RateRule) => Promise<RateLimiterAbstract>;

/** the port on rate-limiter-flexible limiters, one per rule (made once, on first use) */
function flexibleStore(limiterOf: LimiterOf): RateLimitStore {
  const limiters = new Map<string, Promise<RateLimiterAbstract>>();
  const limiter = (rule: RateRule) => {
    const key = `${rule.name}:${rule.limit}:${rule.windowSeconds}`;
    let made = limiters.get(key);
    if (!made) {
      made = limiterOf(rule);
      limiters.set(key, made);
    }
    return made;
  };
  return {
    async hit(rule, key) {
      try {
        return (await (await limiter(rule)).consume(key)).consumedPoints;
      } catch (refusal) {
        // over the limit the store has still counted the hit and rejects with the count
        if (refusal instanceof RateLimiterRes) return refusal.consumedPoints;
        throw refusal;
      }
    },
    async hits(rule, key) {
      return (await (await limiter(rule)).get(key))?.consumedPoints ?? 0;
    },
  };
}

const options = (rule: RateRule) => ({
  keyPrefix: rule.name,
  points: rule.limit,
  duration: rule.windowSeconds,
});

/** per process: counts are lost on restart and not shared between instances */
export function memoryRateLimitStore(): RateLimitStore {
  return flexibleStore(async (rule) => new RateLimiterMemory(options(rule)));
}

const TABLE = 'rate_limits';
/** How often expired counts are deleted from it (at most, by a hit). */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * In the SQLite file of the document store (its table `rate_limits`, rate-limiter-flexible's). Expired counts are
 * deleted by a hit now and then, once for all rules; not by the library's own timer (clearExpiredByTimeout): one
 * per rule, each deleting the same rows, and a failed delete (a closed file, a lock held too long) was an
 * unhandled rejection, which ends the process.
 */
export function sqliteRateLimitStore(db: SqliteDatabase): RateLimitStore {
  let lastSweep = Date.now();
  const sweepNowAndThen = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    try {
      db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`).run(now);
    } catch {
      // tried again by a later hit
    }
  };
  const counts = flexibleStore(
    (rule) =>
      new Promise((resolve, reject) => {
        const limiter: RateLimiterSQLite = new RateLimiterSQLite(
          { ...options(rule), storeClient: db, storeType: 'better-sqlite3', tableName: TABLE },
          (error) => (error ? reject(error) : resolve(limiter)),
        );
      }),
  );
  return {
    hit(rule, key) {
      sweepNowAndThen();
      return counts.hit(rule, key);
    },
    hits: (rule, key) => counts.hits(rule, key),
  };
}

/**
 * The durable store beside a service's documents: SQLite or MongoDB as the document store is, so the limits
 * hold across restarts and instances exactly as the documents do; in memory for any other store (tests).
 */
export function durableRateLimitStore(documents: DocumentStore): RateLimitStore {
  if (documents instanceof SqliteDocumentStore) return sqliteRateLimitStore(documents.database);
  if (documents instanceof MongoDocumentStore) return documentRateLimitStore(documents);
  return memoryRateLimitStore();
}
