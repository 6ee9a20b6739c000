import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { GroupCommit } from './group-commit';

/**
 * Opens a better-sqlite3 database the way every embedded adapter (event store, bus, checkpoints) needs it.
 *
 * - `journal_mode=WAL`: readers never block the single writer; several processes can share a file.
 * - `synchronous`: each caller chooses and justifies. In WAL mode NORMAL already survives a crash (SIGKILL)
 *   of the process, because a commit is in the WAL file (OS page cache) before it is acknowledged; only an
 *   OS crash / power loss can drop the last commits. FULL also fsyncs the WAL on every commit.
 * - `busy_timeout`: another process may hold the write lock; wait for it instead of failing with SQLITE_BUSY.
 * - `temp_store=MEMORY`: temporary files stay in memory, above all the statement journals of the group
 *   commit's savepoints (one per piece): past 64 KiB in one transaction SQLite spilled them to a new file in
 *   /var/tmp, opened, written page by page and deleted per transaction (under award load about a hundred such
 *   files and 45 page writes per award). They only serve ROLLBACK TO inside an open transaction; recovery
 *   after a crash uses the WAL, so durability does not change.
 */
export function openSqliteDatabase(filePath: string, synchronous: 'NORMAL' | 'FULL'): Database.Database {
  mkdirSync(dirname(filePath), { recursive: true });
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  // a deleted row's bytes are zeroed where that costs no extra I/O: erased personal data leaves the page (ADR 0046)
  db.pragma('secure_delete = FAST');
  return db;
}

/**
 * Runs set-up writes — schema statements (`CREATE … IF NOT EXISTS`), a new consumer group's start point —
 * in ONE transaction without an fsync of their own, and returns what `work` returns (`work` may be the SQL
 * text itself).
 *
 * A fresh data directory used to pay one fsync per statement (every table, index and trigger of every store
 * committed on its own with synchronous=FULL): hundreds of fsyncs before the first start could answer, each
 * slow on a busy disk. Here the transaction commits with synchronous=NORMAL and the connection's own setting
 * comes back right after. That keeps every guarantee: in WAL mode a NORMAL commit survives a crash of the
 * process (it is in the WAL before this returns) and never corrupts the file; and an OS crash can only drop
 * it together with everything after it, because the next FULL commit on this file — the first acknowledged
 * write of any connection, which is what could depend on it — fsyncs the whole WAL, these frames included
 * (and a checkpoint syncs the WAL before copying it). A set-up lost with the OS is redone by the next start
 * (every statement is idempotent). On a file that already has its schema nothing is written: no fsync either.
 *
 * `BEGIN IMMEDIATE`: another process opening the same file (the shared bus) waits for the write lock
 * (busy_timeout) instead of failing to upgrade a read transaction. Inside an open transaction `work` just
 * runs as part of it.
 */
export function setUp(db: Database.Database, sql: string): void;
export function setUp<R>(db: Database.Database, work: () => R): R;
export function setUp<R>(db: Database.Database, work: string | (() => R)): R | void {
  const run = typeof work === 'string' ? (): R | void => void db.exec(work) : work;
  if (db.inTransaction) return run();
  const level = db.pragma('synchronous', { simple: true }) as number;
  const relaxed = level > 1; // 2 FULL, 3 EXTRA; 1 NORMAL and 0 OFF need no change
  if (relaxed) db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(run).immediate();
  } finally {
    if (relaxed) db.pragma(`synchronous = ${level}`);
  }
}

/** True when `error` is SQLite's unique / primary-key constraint violation. */
export function isUniqueViolation(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * One connection (and one group commit) per database file in this process, shared by the adapters that open
 * the same file — the event store and the document store of a service, so that a command's append, its
 * projections and its idempotency record can be one atomic piece of one transaction (ADR 0029). Reference
 * counted: the file is closed when the last adapter closes it. `:memory:` is never shared.
 */
export interface SharedSqlite {
  db: Database.Database;
  commits: GroupCommit;
  /** flushes queued writes; closes the connection when no other adapter holds it */
  release(): void;
}

const shared = new Map<string, { db: Database.Database; commits: GroupCommit; refs: number }>();

export function openSharedSqlite(filePath: string, synchronous: 'NORMAL' | 'FULL'): SharedSqlite {
  const key = filePath === ':memory:' ? null : resolve(filePath);
  let entry = key ? shared.get(key) : undefined;
  if (entry && !entry.db.open) {
    shared.delete(key!);
    entry = undefined;
  }
  if (!entry) {
    const db = filePath === ':memory:' ? new Database(':memory:') : openSqliteDatabase(filePath, synchronous);
    entry = { db, commits: new GroupCommit(db), refs: 0 };
    if (key) shared.set(key, entry);
  } else if (synchronous === 'FULL') {
    // the stricter setting wins for every user of the file
    entry.db.pragma('synchronous = FULL');
  }
  entry.refs += 1;
  const held = entry;
  let released = false;
  return {
    db: held.db,
    commits: held.commits,
    release() {
      if (released) return;
      released = true;
      held.commits.flush();
      held.refs -= 1;
      if (held.refs > 0) return;
      if (key && shared.get(key) === held) shared.delete(key);
      if (held.db.open) held.db.close();
    },
  };
}
