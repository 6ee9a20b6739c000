import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens a better-sqlite3 database the way every embedded adapter (event store, bus, checkpoints) needs it.
 *
 * - `journal_mode=WAL`: readers never block the single writer; several processes can share a file.
 * - `synchronous`: each caller chooses and justifies. In WAL mode NORMAL already survives a crash (SIGKILL)
 *   of the process, because a commit is in the WAL file (OS page cache) before it is acknowledged; only an
 *   OS crash / power loss can drop the last commits. FULL also fsyncs the WAL on every commit.
 * - `busy_timeout`: another process may hold the write lock; wait for it instead of failing with SQLITE_BUSY.
 */
export function openSqliteDatabase(filePath: string, synchronous: 'NORMAL' | 'FULL'): Database.Database {
  mkdirSync(dirname(filePath), { recursive: true });
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  return db;
}

/** True when `error` is SQLite's unique / primary-key constraint violation. */
export function isUniqueViolation(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
