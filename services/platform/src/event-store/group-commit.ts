import type Database from 'better-sqlite3';

/**
 * Group commit for one SQLite connection (ADR 0029).
 *
 * `run(work)` queues a synchronous piece of writing (an append with its revision check, a document write, or a
 * command's whole unit of work). Everything queued during one event-loop turn is written by ONE
 * `BEGIN IMMEDIATE … COMMIT` at the end of the turn (`setImmediate`), each piece inside its own
 * `SAVEPOINT`: a piece that throws (a revision conflict, a duplicate key) is rolled back to its savepoint and
 * its caller gets the error, while the others of the batch commit. Every caller is answered only after COMMIT
 * returned, i.e. after the connection's `synchronous` setting made it durable (FULL: the WAL is fsynced), so
 * "acknowledged" means exactly what it meant with one transaction per write — one fsync now covers the batch.
 *
 * better-sqlite3 is synchronous: the batch runs from BEGIN to COMMIT without yielding, so no reader of this
 * connection ever sees a write that is not yet committed, and pieces run in the order they were queued.
 * If COMMIT itself fails, nothing of the batch is kept and every caller of the batch gets the error.
 */
export class GroupCommit {
  private queue: Array<Pending<unknown>> = [];
  private scheduled: NodeJS.Immediate | null = null;
  /** batches and pieces committed so far (metrics, benchmarks) */
  readonly stats = { batches: 0, pieces: 0, largestBatch: 0 };

  constructor(private readonly db: Database.Database) {}

  /** Queues `work` for this turn's transaction; resolves with its result once the batch is durable. */
  run<R>(work: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ work, resolve, reject } as Pending<unknown>);
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Writes what is queued now (also called by close, so a queued write is never dropped). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const done: Array<{ pending: Pending<unknown>; result: unknown }> = [];
    const failed: Array<{ pending: Pending<unknown>; error: unknown }> = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    try {
      for (const pending of batch) {
        this.db.exec('SAVEPOINT piece');
        try {
          const result = pending.work();
          this.db.exec('RELEASE piece');
          done.push({ pending, result });
        } catch (error) {
          this.db.exec('ROLLBACK TO piece');
          this.db.exec('RELEASE piece');
          failed.push({ pending, error });
        }
      }
      this.db.exec('COMMIT');
    } catch (error) {
      // COMMIT (or a savepoint statement) failed: the whole batch is gone, so nobody may be told otherwise
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const pending of batch) pending.reject(error);
      return;
    }
    this.stats.batches += 1;
    this.stats.pieces += done.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    for (const { pending, result } of done) pending.resolve(result);
    for (const { pending, error } of failed) pending.reject(error);
  }
}

interface Pending<R> {
  work: () => R;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}
