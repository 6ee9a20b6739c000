import type { Database as SqliteDatabase } from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { openSqliteDatabase, setUp } from '../event-store/sqlite-database';
import type { Logger } from '../observability/logger';
import type { JobHandler, ScheduledJob, Scheduler } from './scheduler.port';

export interface SqliteSchedulerOptions {
  /** how often to look for due jobs when idle; default 1000 ms */
  pollIntervalMs?: number;
  /** the clock deciding what is due; default `() => new Date()` */
  now?: () => Date;
  logger?: Logger;
  /** a claimed job whose lease ran out is due again (its process is presumed dead); default 5 min */
  leaseMs?: number;
  /** after this many attempts a failing job is kept with status 'failed'; default 10 */
  maxAttempts?: number;
  /** retry delay = min(backoffBaseMs · 2^(attempt-1), backoffMaxMs); defaults 1 s and 1 h */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * default true: this process is the only user of the file (one file per service), so jobs still marked
   * running at open belong to a dead process and are due at once. With false (several processes share the
   * file) only an expired lease makes them due again.
   */
  exclusive?: boolean;
}

type Status = 'pending' | 'running' | 'failed';

interface JobRow {
  id: string;
  type: string;
  run_at: number;
  payload: string;
  attempts: number;
  status: Status;
  lease_token: string | null;
}

/**
 * Embedded Scheduler: one SQLite table of jobs, polled by a single in-process loop that runs one job at a
 * time (jobs are e-mails and reminders, not throughput work).
 *
 * Lifecycle: pending → (claim: status running, attempts+1, lease_until, lease_token) → deleted on success,
 * or back to pending with exponential back-off, or 'failed' after `maxAttempts` (kept for inspection).
 *
 * Crash safety (at-least-once): a job left 'running' by a dead process is due again once its lease expires,
 * and — when the scheduler is `exclusive` (the default: one process per file) — immediately at open.
 * A handler that never settles blocks the loop (and `stop()`): handlers must time out their own IO.
 * The lease token makes completion safe against a re-schedule or cancel that happened while the handler
 * ran: the finishing run only deletes / reschedules the row if it still holds the same token.
 */
export class SqliteScheduler implements Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private handlers: Record<string, JobHandler> = {};
  private running = false;
  private tick: Promise<void> = Promise.resolve();
  private readonly options: Required<Omit<SqliteSchedulerOptions, 'logger' | 'exclusive'>> & {
    logger: Logger | undefined;
  };

  private constructor(
    private readonly db: SqliteDatabase,
    options: SqliteSchedulerOptions,
  ) {
    this.options = {
      pollIntervalMs: 1000,
      now: () => new Date(),
      leaseMs: 5 * 60_000,
      maxAttempts: 10,
      backoffBaseMs: 1000,
      backoffMaxMs: 60 * 60_000,
      ...definedOnly(options),
      logger: options.logger,
    };
  }

  static open(filePath: string, options: SqliteSchedulerOptions = {}): SqliteScheduler {
    // FULL: an acknowledged schedule (e.g. "send the survey in 3 days") must survive even an OS crash;
    // NORMAL would survive SIGKILL only. Scheduling is rare, so one fsync per commit is cheap.
    const db = openSqliteDatabase(filePath, 'FULL');
    setUp(
      db,
      `
      CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        run_at INTEGER NOT NULL,        -- epoch ms
        payload TEXT NOT NULL,          -- JSON
        attempts INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'failed')),
        lease_until INTEGER,
        lease_token TEXT,
        last_error TEXT,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS jobs_due ON jobs (status, run_at);
    `,
    );
    const scheduler = new SqliteScheduler(db, options);
    if (options.exclusive ?? true) {
      const recovered = db
        .prepare(
          `UPDATE jobs SET status = 'pending', lease_until = NULL, lease_token = NULL WHERE status = 'running'`,
        )
        .run().changes;
      if (recovered > 0)
        options.logger?.warn({ recovered }, 'jobs interrupted by a previous shutdown are due again');
    }
    return scheduler;
  }

  async dueCount(): Promise<number> {
    const row = this.db
      .prepare<[number], { due: number }>(
        `SELECT COUNT(*) AS due FROM jobs WHERE status = 'pending' AND run_at <= ?`,
      )
      .get(this.options.now().getTime());
    return row?.due ?? 0;
  }

  async schedule(job: ScheduledJob): Promise<void> {
    if (!job.id || !job.type) throw new Error('a job needs an id and a type');
    const runAt = job.runAt.getTime();
    if (Number.isNaN(runAt)) throw new Error(`job ${job.id}: invalid runAt`);
    this.db
      .prepare(
        `INSERT INTO jobs (id, type, run_at, payload, attempts, status, updated_at) VALUES (?, ?, ?, ?, 0, 'pending', ?)
         ON CONFLICT(id) DO UPDATE SET type = excluded.type, run_at = excluded.run_at, payload = excluded.payload,
           attempts = 0, status = 'pending', lease_until = NULL, lease_token = NULL, last_error = NULL,
           updated_at = excluded.updated_at`,
      )
      .run(job.id, job.type, runAt, JSON.stringify(job.payload ?? null), this.nowMs());
    this.wake();
  }

  async cancel(id: string): Promise<boolean> {
    // A handler already running finishes, but its lease token no longer matches, so nothing is rescheduled.
    return this.db.prepare(`DELETE FROM jobs WHERE id = ?`).run(id).changes > 0;
  }

  async get(id: string): Promise<(ScheduledJob & { attempts: number; status: 'pending' | 'failed' }) | null> {
    const row = this.db.prepare<[string], JobRow>(`SELECT * FROM jobs WHERE id = ?`).get(id);
    if (!row) return null;
    return {
      ...toJob(row),
      attempts: row.attempts,
      // the port knows no 'running': a running job is still pending completion
      status: row.status === 'failed' ? 'failed' : 'pending',
    };
  }

  start(handlers: Record<string, JobHandler>): void {
    this.handlers = { ...handlers };
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.tick; // let the job in progress finish
  }

  async close(): Promise<void> {
    await this.stop();
    if (this.db.open) this.db.close();
  }

  /** Runs due jobs one by one until none is due or the scheduler stops. */
  private async drain(): Promise<void> {
    for (let job = this.claim(); job; job = this.claim()) await this.run(job);
  }

  private wake(): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), 0);
  }

  private poll(): void {
    this.timer = undefined;
    this.tick = this.tick
      .then(() => this.drain())
      .catch((error: unknown) => this.options.logger?.error({ err: error }, 'scheduler poll failed'))
      .then(() => {
        if (this.running && this.timer === undefined)
          this.timer = setTimeout(() => this.poll(), this.options.pollIntervalMs);
      });
  }

  /** Atomically takes the next due job of a type we handle (one UPDATE … RETURNING). */
  private claim(): JobRow | undefined {
    if (!this.running || !this.db.open) return undefined;
    const types = Object.keys(this.handlers);
    if (types.length === 0) return undefined;
    const now = this.nowMs();
    return this.db
      .prepare<[{ now: number; leaseUntil: number; token: string; types: string }], JobRow>(
        `UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_until = @leaseUntil, lease_token = @token,
           updated_at = @now
         WHERE id = (
           SELECT id FROM jobs
           WHERE ((status = 'pending' AND run_at <= @now) OR (status = 'running' AND lease_until <= @now))
             AND type IN (SELECT value FROM json_each(@types))
           ORDER BY run_at, id LIMIT 1)
         RETURNING *`,
      )
      .get({ now, leaseUntil: now + this.options.leaseMs, token: uuidv7(), types: JSON.stringify(types) });
  }

  private async run(row: JobRow): Promise<void> {
    const handler = this.handlers[row.type];
    const job = toJob(row);
    const log = this.options.logger?.child({ jobId: row.id, jobType: row.type, attempt: row.attempts });
    try {
      if (!handler) throw new Error(`no handler for job type ${row.type}`);
      await handler(job, { attempt: row.attempts });
      if (this.db.open)
        this.db.prepare(`DELETE FROM jobs WHERE id = ? AND lease_token = ?`).run(row.id, row.lease_token);
      log?.debug('job done');
    } catch (error) {
      if (!this.db.open) return;
      const message = error instanceof Error ? error.message : String(error);
      const now = this.nowMs();
      if (row.attempts >= this.options.maxAttempts) {
        this.db
          .prepare(
            `UPDATE jobs SET status = 'failed', lease_until = NULL, lease_token = NULL, last_error = ?, updated_at = ? WHERE id = ? AND lease_token = ?`,
          )
          .run(message, now, row.id, row.lease_token);
        log?.error({ err: error }, 'job failed for good');
      } else {
        const delay = Math.min(
          this.options.backoffBaseMs * 2 ** (row.attempts - 1),
          this.options.backoffMaxMs,
        );
        this.db
          .prepare(
            `UPDATE jobs SET status = 'pending', run_at = ?, lease_until = NULL, lease_token = NULL, last_error = ?, updated_at = ? WHERE id = ? AND lease_token = ?`,
          )
          .run(now + delay, message, now, row.id, row.lease_token);
        log?.warn({ err: error, retryInMs: delay }, 'job failed, will retry');
      }
    }
  }

  private nowMs(): number {
    return this.options.now().getTime();
  }
}

function toJob(row: JobRow): ScheduledJob {
  return {
    id: row.id,
    type: row.type,
    runAt: new Date(row.run_at),
    payload: JSON.parse(row.payload) as unknown,
  };
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
