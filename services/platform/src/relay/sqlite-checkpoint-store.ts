import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../event-store/sqlite-database';
import type { CheckpointStore } from './checkpoint-store.port';

/**
 * Checkpoints in a SQLite table (usually inside the service's own data file).
 *
 * synchronous=NORMAL: survives SIGKILL of the process; an OS crash may roll a checkpoint back a little,
 * which only makes the reader redo work it already did — harmless for at-least-once readers whose
 * consumers dedupe — so the per-save fsync of FULL buys nothing here.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly loadStmt: Database.Statement<[string], { position: string }>;
  private readonly saveStmt: Database.Statement<[string, string, string]>;
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    private readonly now: () => Date,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS checkpoints (
      name       TEXT PRIMARY KEY,
      position   TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`);
    this.loadStmt = db.prepare('SELECT position FROM checkpoints WHERE name = ?');
    this.saveStmt = db.prepare(
      `INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
    );
  }

  static open(filePath: string, options: { now?: () => Date } = {}): SqliteCheckpointStore {
    return new SqliteCheckpointStore(
      openSqliteDatabase(filePath, 'NORMAL'),
      options.now ?? (() => new Date()),
    );
  }

  async load(name: string): Promise<string | undefined> {
    return this.loadStmt.get(name)?.position;
  }

  async save(name: string, position: string): Promise<void> {
    this.saveStmt.run(name, position, this.now().toISOString());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
