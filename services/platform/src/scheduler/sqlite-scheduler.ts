import type { Database as SqliteDatabase } from 'better-sqlite3';
import { openSqliteDatabase, setUp } from '../event-store/sqlite-database';
import type { Claim, JobStore, StoredJob } from './job-store';
import { PollingScheduler, type PollingSchedulerOptions } from './polling-scheduler';
import type { ScheduledJob } from './scheduler.port';

export interface SqliteSchedulerOptions extends PollingSchedulerOptions {
  /**
   * default true: this process is the only user of the file (one file per service), so jobs still marked
   * running at open belong to a dead process and are due at once. With false (several processes share the
   * file) only an expired lease makes them due again.
   */
  exclusive?: boolean;
}

interface JobRow {
  id: string;
  type: string;
  run_at: number;
  payload: string;
  attempts: number;
  status: StoredJob['status'];
  lease_token: string | null;
}

/**
 * Embedded Scheduler: the polling scheduler over one SQLite table of jobs (`<service>/scheduler.db`).
 * Crash safety: a job left 'running' by a dead process is due again once its lease expires, and — when the
 * scheduler is `exclusive` (the default: one process per file) — immediately at open.
 */
export class SqliteScheduler extends PollingScheduler {
  static open(filePath: string, options: SqliteSchedulerOptions = {}): SqliteScheduler {
    const store = new SqliteJobStore(filePath);
    if (options.exclusive ?? true) {
      const recovered = store.recoverRunningNow();
      if (recovered > 0)
        options.logger?.warn({ recovered }, 'jobs interrupted by a previous shutdown are due again');
    }
    return new SqliteScheduler(store, options);
  }
}

class SqliteJobStore implements JobStore {
  private readonly db: SqliteDatabase;

  constructor(filePath: string) {
    // FULL: an acknowledged schedule (e.g. "send the survey in 3 days") must survive even an OS crash;
    // NORMAL would survive SIGKILL only. Scheduling is rare, so one fsync per commit is cheap.
    this.db = openSqliteDatabase(filePath, 'FULL');
    setUp(
      this.db,
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
  }

  get open(): boolean {
    return this.db.open;
  }

  async put(job: ScheduledJob, now: Date): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO jobs (id, type, run_at, payload, attempts, status, updated_at) VALUES (?, ?, ?, ?, 0, 'pending', ?)
         ON CONFLICT(id) DO UPDATE SET type = excluded.type, run_at = excluded.run_at, payload = excluded.payload,
           attempts = 0, status = 'pending', lease_until = NULL, lease_token = NULL, last_error = NULL,
           updated_at = excluded.updated_at`,
      )
      .run(job.id, job.type, job.runAt.getTime(), JSON.stringify(job.payload ?? null), now.getTime());
  }

  async remove(id: string): Promise<boolean> {
    return this.db.prepare(`DELETE FROM jobs WHERE id = ?`).run(id).changes > 0;
  }

  async find(id: string): Promise<StoredJob | null> {
    const row = this.db.prepare<[string], JobRow>(`SELECT * FROM jobs WHERE id = ?`).get(id);
    return row ? toStored(row) : null;
  }

  async dueCount(now: Date): Promise<number> {
    const row = this.db
      .prepare<[number], { due: number }>(
        `SELECT COUNT(*) AS due FROM jobs WHERE status = 'pending' AND run_at <= ?`,
      )
      .get(now.getTime());
    return row?.due ?? 0;
  }

  /** one UPDATE … RETURNING */
  async claim({ now, leaseUntil, token, types }: Claim): Promise<StoredJob | undefined> {
    const row = this.db
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
      .get({
        now: now.getTime(),
        leaseUntil: leaseUntil.getTime(),
        token,
        types: JSON.stringify(types),
      });
    return row ? toStored(row) : undefined;
  }

  async complete(id: string, token: string): Promise<void> {
    this.db.prepare(`DELETE FROM jobs WHERE id = ? AND lease_token = ?`).run(id, token);
  }

  async release(
    id: string,
    token: string,
    { runAt, error, now }: { runAt: Date | null; error: string; now: Date },
  ): Promise<void> {
    this.db
      .prepare(
        `UPDATE jobs SET status = ?, run_at = COALESCE(?, run_at), lease_until = NULL, lease_token = NULL,
           last_error = ?, updated_at = ? WHERE id = ? AND lease_token = ?`,
      )
      .run(runAt ? 'pending' : 'failed', runAt?.getTime() ?? null, error, now.getTime(), id, token);
  }

  /** jobs left running by a dead process are pending again; returns how many */
  recoverRunningNow(): number {
    return this.db
      .prepare(
        `UPDATE jobs SET status = 'pending', lease_until = NULL, lease_token = NULL WHERE status = 'running'`,
      )
      .run().changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function toStored(row: JobRow): StoredJob {
  return {
    id: row.id,
    type: row.type,
    runAt: new Date(row.run_at),
    payload: JSON.parse(row.payload) as unknown,
    attempts: row.attempts,
    status: row.status,
    leaseToken: row.lease_token,
  };
}
