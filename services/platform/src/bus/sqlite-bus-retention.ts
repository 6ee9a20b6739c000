import type Database from 'better-sqlite3';

/** how long the embedded bus keeps messages (sqlite-message-bus.ts, ADR 0046) */
export interface BusRetentionOptions {
  consumedRetentionMs: number;
  maxRetentionMs: number;
  deadLetterRetentionMs: number;
}

/** The embedded bus's retention: its statements, and one pass that deletes what it no longer keeps. */
export function busRetention(db: Database.Database, options: BusRetentionOptions) {
  const stmts = {
    /** per topic, the last offset every group subscribed to it has handled */
    handledByAll: db.prepare<[], { topic: string; offset: number }>(
      'SELECT topic, MIN("offset") AS "offset" FROM group_offsets GROUP BY topic',
    ),
    pruneHandled: db.prepare<[string, number, string]>(
      'DELETE FROM messages WHERE topic = ? AND "offset" <= ? AND timestamp <= ?',
    ),
    /**
     * Messages (dead letters or not) published at or before a moment. Publish order is offset order, so the
     * first message after the moment bounds a primary-key range: the scan stops there instead of reading the
     * whole log on every tick.
     */
    pruneOlder: db.prepare<{ cutoff: string; kind: 'topic' | 'dlq' }>(
      `DELETE FROM messages
        WHERE "offset" < COALESCE(
                (SELECT "offset" FROM messages WHERE timestamp > @cutoff ORDER BY "offset" LIMIT 1),
                (SELECT COALESCE(MAX("offset"), 0) + 1 FROM messages))
          AND timestamp <= @cutoff
          AND (topic LIKE '%.dlq') = (@kind = 'dlq')`,
    ),
  };
  return {
    /** one transaction; returns how many messages went */
    prune(at: Date): number {
      const before = (ms: number) => new Date(at.getTime() - ms).toISOString();
      return db
        .transaction(() => {
          let pruned = 0;
          for (const { topic, offset } of stmts.handledByAll.all())
            pruned += stmts.pruneHandled.run(topic, offset, before(options.consumedRetentionMs)).changes;
          pruned += stmts.pruneOlder.run({ cutoff: before(options.maxRetentionMs), kind: 'topic' }).changes;
          pruned += stmts.pruneOlder.run({
            cutoff: before(options.deadLetterRetentionMs),
            kind: 'dlq',
          }).changes;
          return pruned;
        })
        .immediate();
    },
  };
}
