import type { Database as SqliteDatabase } from 'better-sqlite3';
import { openSharedSqlite, type SharedSqlite } from '../event-store/sqlite-database';
import type { Collection, DocumentStore } from './document-store.port';
import { SqliteCollection } from './sqlite-collection';
import { registerRegexp } from './sqlite-collection-schema';

export { SqliteCollection } from './sqlite-collection';

/**
 * Embedded DocumentStore: one SQLite file per service, one table per collection
 * `(_id TEXT PRIMARY KEY, _rev INTEGER, doc TEXT)`. `doc` is the JSON document without `_id` / `_rev`
 * (those live in columns so the primary key and revision checks are plain SQL).
 *
 * better-sqlite3 is synchronous; the async port methods wrap it. Every write is one statement, so revision
 * checks are atomic (`UPDATE … WHERE _id = ? AND _rev = ?`), and writes are group-committed (group-commit.ts,
 * ADR 0029): the writes of one event-loop turn share one transaction and one fsync, each in its own savepoint,
 * and each is answered once its batch is durable. A service's event store may share the file (and the
 * connection): then a unit of work writes a command's events and documents in one piece (sqlite-unit-of-work.ts).
 */
export class SqliteDocumentStore implements DocumentStore {
  private readonly collections = new Map<string, SqliteCollection<never>>();
  private readonly db: SqliteDatabase;

  private constructor(private readonly connection: SharedSqlite) {
    this.db = connection.db;
  }

  static open(filePath: string): SqliteDocumentStore {
    // WAL + busy_timeout via the shared opener. FULL: each commit fsyncs the WAL. NORMAL would already
    // survive SIGKILL of the process (the commit is in the WAL, in the OS page cache, before it is
    // acknowledged) but could lose the last commits on power loss; documents hold non-rebuildable state
    // (sessions, tokens, idempotency keys), so we pay the fsync — once per group-committed batch.
    const connection = openSharedSqlite(filePath, 'FULL');
    registerRegexp(connection.db);
    return new SqliteDocumentStore(connection);
  }

  collection<T extends { _id: string }>(name: string): Collection<T> {
    return this.sqliteCollection<T>(name);
  }

  /** the collection with its synchronous writes, for a unit of work on the same connection */
  sqliteCollection<T extends { _id: string }>(name: string): SqliteCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection<never>(this.db, this.connection.commits, name);
      this.collections.set(name, collection);
    }
    return collection as unknown as SqliteCollection<T>;
  }

  get database(): SqliteDatabase {
    return this.db;
  }

  async close(): Promise<void> {
    this.connection.release();
  }
}
