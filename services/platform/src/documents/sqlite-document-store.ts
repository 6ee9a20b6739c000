import Database, { type Database as SqliteDatabase } from 'better-sqlite3';
import { ConcurrencyError, DuplicateKeyError } from '../errors/errors';
import type { GroupCommit } from '../event-store/group-commit';
import { openSharedSqlite, setUp, type SharedSqlite } from '../event-store/sqlite-database';
import type {
  Collection,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  ScanOptions,
  Stored,
} from './document-store.port';
import {
  assertFieldPath,
  compileFilter,
  compileSort,
  InvalidFilterError,
  valueExpression,
} from './filter-to-sql';

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

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const INDEX_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** SQLite index names are global to the file: `<collection>$<index>`. */
const INDEX_SEPARATOR = '$';

/** The SQL function `regexp(pattern, value, flags)` that `$regex` compiles to. */
function registerRegexp(db: SqliteDatabase): void {
  db.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown, flags: unknown) =>
    typeof pattern === 'string' &&
    typeof value === 'string' &&
    cachedRegExp(pattern, flags === 'i').test(value)
      ? 1
      : 0,
  );
}

const regExpCache = new Map<string, RegExp>();
function cachedRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  const key = `${caseInsensitive ? 'i' : '-'}${pattern}`;
  let re = regExpCache.get(key);
  if (!re) {
    // 'u': Unicode semantics, so case folding works for letters such as Ł/ł, Ó/ó, Ź/ź.
    re = new RegExp(pattern, caseInsensitive ? 'iu' : 'u');
    if (regExpCache.size > 500) regExpCache.clear();
    regExpCache.set(key, re);
  }
  return re;
}

type Row = { _id: string; _rev: number; doc: string };

export class SqliteCollection<T extends { _id: string }> implements Collection<T> {
  private readonly table: string;
  /** field path → its FTS5 trigram table (`<collection>$substring$<path>`) */
  private readonly substringIndexes = new Map<string, string>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly name: string,
  ) {
    if (!COLLECTION_NAME.test(name) || name.toLowerCase().startsWith('sqlite_')) {
      throw new InvalidFilterError(`invalid collection name ${JSON.stringify(name)}`);
    }
    this.table = `"${name}"`;
    // a set-up write: no fsync of its own, the first acknowledged write to the file makes it durable
    setUp(
      db,
      `CREATE TABLE IF NOT EXISTS ${this.table} (_id TEXT PRIMARY KEY, _rev INTEGER NOT NULL, doc TEXT NOT NULL)`,
    );
    const prefix = `${name}${INDEX_SEPARATOR}substring${INDEX_SEPARATOR}`;
    for (const { name: table } of db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
      )
      .all())
      if (table.startsWith(prefix)) this.substringIndexes.set(table.slice(prefix.length), table);
  }

  /** statements prepared once per SQL text (the planner re-prepares them itself after a schema change) */
  private readonly statements = new Map<string, Database.Statement>();
  private statement<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= 500) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  private compile(filter: Filter | undefined) {
    return compileFilter(filter, { substringIndexes: this.substringIndexes });
  }

  async get(id: string): Promise<Stored<T> | null> {
    return this.getNow(id);
  }

  async insert(doc: T): Promise<Stored<T>> {
    const body = serialize(doc);
    return this.commits.run(() => this.insertNow(doc, body));
  }

  async upsert(doc: T): Promise<Stored<T>> {
    const body = serialize(doc);
    return this.commits.run(() => this.upsertNow(doc, body));
  }

  async update(doc: T, options: { expectedRevision: number }): Promise<Stored<T>> {
    const body = serialize(doc);
    return this.commits.run(() => this.updateNow(doc, options.expectedRevision, body));
  }

  async delete(id: string, options?: { expectedRevision?: number }): Promise<boolean> {
    return this.commits.run(() => this.deleteNow(id, options?.expectedRevision));
  }

  // ─── synchronous: reads anywhere; writes only inside a piece of the group commit ───────────────────────

  getNow(id: string): Stored<T> | null {
    const row = this.statement<[string], Row>(`SELECT _id, _rev, doc FROM ${this.table} WHERE _id = ?`).get(
      id,
    );
    return row ? toDocument<T>(row) : null;
  }

  insertNow(doc: T, body = serialize(doc)): Stored<T> {
    this.write(() =>
      this.statement(`INSERT INTO ${this.table} (_id, _rev, doc) VALUES (?, 1, ?)`).run(doc._id, body),
    );
    return { ...doc, _rev: 1 } as Stored<T>;
  }

  upsertNow(doc: T, body = serialize(doc)): Stored<T> {
    const row = this.write(() =>
      this.statement<[string, string], { _rev: number }>(
        `INSERT INTO ${this.table} (_id, _rev, doc) VALUES (?, 1, ?)
           ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc, _rev = _rev + 1 RETURNING _rev`,
      ).get(doc._id, body),
    );
    return { ...doc, _rev: row!._rev } as Stored<T>;
  }

  updateNow(doc: T, expectedRevision: number, body = serialize(doc)): Stored<T> {
    const row = this.write(() =>
      this.statement<[string, string, number], { _rev: number }>(
        `UPDATE ${this.table} SET doc = ?, _rev = _rev + 1 WHERE _id = ? AND _rev = ? RETURNING _rev`,
      ).get(body, doc._id, expectedRevision),
    );
    if (!row) throw this.concurrencyError(doc._id, expectedRevision);
    return { ...doc, _rev: row._rev } as Stored<T>;
  }

  deleteNow(id: string, expected?: number): boolean {
    if (expected === undefined) {
      return this.statement(`DELETE FROM ${this.table} WHERE _id = ?`).run(id).changes > 0;
    }
    const { changes } = this.statement(`DELETE FROM ${this.table} WHERE _id = ? AND _rev = ?`).run(
      id,
      expected,
    );
    if (changes === 0) throw this.concurrencyError(id, expected);
    return true;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<Stored<T>[]> {
    const where = this.compile(filter);
    const orderBy = compileSort(options.sort);
    const params = [...where.params];
    let sql = `SELECT _id, _rev, doc FROM ${this.table} WHERE ${where.sql}`;
    if (orderBy) sql += ` ORDER BY ${orderBy}`;
    if (options.limit !== undefined || options.skip !== undefined) {
      // LIMIT -1 means "no limit" in SQLite; MongoDB treats limit 0 as "no limit" too.
      sql += ' LIMIT ? OFFSET ?';
      params.push(
        options.limit ? nonNegative('limit', options.limit) : -1,
        nonNegative('skip', options.skip ?? 0),
      );
    }
    return this.statement<unknown[], Row>(sql)
      .all(...params)
      .map((row) => toDocument<T>(row));
  }

  async findOne(filter: Filter): Promise<Stored<T> | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  /**
   * One SELECT stepped through on a read-only connection of its own (WAL: a snapshot that never blocks the
   * service's writes, and the service's connection stays free while the caller holds a batch). An in-memory
   * database has no second connection: it answers from one find.
   */
  async *scan(filter?: Filter, options: ScanOptions = {}): AsyncGenerator<Array<Stored<T>>, void, undefined> {
    const batchSize = positiveBatch(options.batchSize);
    const where = this.compile(filter);
    const sort = { ...options.sort, ...(options.sort && '_id' in options.sort ? {} : { _id: 1 as const }) };
    const sql = `SELECT _id, _rev, doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${compileSort(sort)}`;
    if (this.db.memory) {
      const all = await this.find(filter, { sort });
      for (let i = 0; i < all.length; i += batchSize) yield all.slice(i, i + batchSize);
      return;
    }
    const reader = new Database(this.db.name, { readonly: true, fileMustExist: true });
    try {
      reader.pragma('busy_timeout = 5000');
      registerRegexp(reader);
      let batch: Array<Stored<T>> = [];
      for (const row of reader.prepare<unknown[], Row>(sql).iterate(...where.params)) {
        batch.push(toDocument<T>(row));
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    } finally {
      reader.close();
    }
  }

  async count(filter?: Filter): Promise<number> {
    const where = this.compile(filter);
    const row = this.statement<unknown[], { n: number }>(
      `SELECT COUNT(*) AS n FROM ${this.table} WHERE ${where.sql}`,
    ).get(...where.params);
    return row?.n ?? 0;
  }

  async ensureIndex(index: IndexSpec): Promise<void> {
    const fields = Object.entries(index.fields);
    if (fields.length === 0) throw new InvalidFilterError('an index needs at least one field');
    const name = index.name ?? fields.map(([path, direction]) => `${path}_${direction}`).join('_');
    if (!INDEX_NAME.test(name)) throw new InvalidFilterError(`invalid index name ${JSON.stringify(name)}`);
    if (index.substring) {
      if (fields.length !== 1 || index.unique)
        throw new InvalidFilterError('a substring index is on one field and not unique');
      const [path] = fields[0]!;
      if (path === '_id' || path === '_rev') throw new InvalidFilterError(`no substring index on ${path}`);
      this.ensureSubstringIndex(path);
      return;
    }
    const columns = fields.map(
      ([path, direction]) => `${valueExpression(path)} ${direction === -1 ? 'DESC' : 'ASC'}`,
    );
    // Note: unlike MongoDB, SQLite lets several documents WITHOUT the field share a unique index (NULLs are
    // distinct); callers must not rely on either behaviour.
    this.write(() =>
      setUp(
        this.db,
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${this.name}${INDEX_SEPARATOR}${name}" ON ${this.table} (${columns.join(', ')})`,
      ),
    );
  }

  /**
   * An FTS5 trigram table (case-sensitive: a phrase matches exactly where it is a substring) of the field's
   * text (of an array: its text elements, one a line), keyed by the
   * collection's rowid and kept by triggers — so every write, also one made by SQL outside the adapter, keeps
   * it current in the same transaction. Created and filled from the existing documents in one transaction.
   */
  private ensureSubstringIndex(path: string): void {
    assertFieldPath(path);
    if (this.substringIndexes.has(path)) return;
    const fts = `${this.name}${INDEX_SEPARATOR}substring${INDEX_SEPARATOR}${path}`;
    const text = (row: 'new' | 'old') =>
      `CASE json_type(${row}.doc, '$.${path}')
         WHEN 'text' THEN json_extract(${row}.doc, '$.${path}')
         WHEN 'array' THEN (SELECT group_concat(value, char(10)) FROM json_each(${row}.doc, '$.${path}') WHERE type = 'text')
       END`;
    // a set-up write (one transaction, no fsync of its own; setUp in sqlite-database.ts)
    setUp(this.db, () => {
      const exists = this.db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(fts);
      if (exists) return;
      this.db.exec(`CREATE VIRTUAL TABLE "${fts}" USING fts5(value, tokenize = 'trigram case_sensitive 1')`);
      this.db.exec(
        `INSERT INTO "${fts}" (rowid, value) SELECT rowid, ${text('new').replaceAll('new.doc', 'doc')} FROM ${this.table}`,
      );
      this.db.exec(`CREATE TRIGGER "${fts}$insert" AFTER INSERT ON ${this.table} BEGIN
          INSERT INTO "${fts}" (rowid, value) VALUES (new.rowid, ${text('new')}); END`);
      this.db.exec(`CREATE TRIGGER "${fts}$delete" AFTER DELETE ON ${this.table} BEGIN
          DELETE FROM "${fts}" WHERE rowid = old.rowid; END`);
      this.db.exec(`CREATE TRIGGER "${fts}$update" AFTER UPDATE ON ${this.table} BEGIN
          DELETE FROM "${fts}" WHERE rowid = old.rowid;
          INSERT INTO "${fts}" (rowid, value) VALUES (new.rowid, ${text('new')}); END`);
    });
    this.substringIndexes.set(path, fts);
  }

  /** Runs a write, translating unique-constraint failures into DuplicateKeyError naming the index. */
  private write<R>(run: () => R): R {
    try {
      return run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new DuplicateKeyError(this.name, '_id_');
      if (code === 'SQLITE_CONSTRAINT_UNIQUE')
        throw new DuplicateKeyError(this.name, this.indexFromMessage(String((error as Error).message)));
      throw error;
    }
  }

  /** "UNIQUE constraint failed: index 'users$email_1'" → "email_1" */
  private indexFromMessage(message: string): string {
    const match = /index '([^']+)'/.exec(message);
    if (!match?.[1]) return message.includes(`${this.name}._id`) ? '_id_' : 'unknown';
    const prefix = `${this.name}${INDEX_SEPARATOR}`;
    return match[1].startsWith(prefix) ? match[1].slice(prefix.length) : match[1];
  }

  private concurrencyError(id: string, expected: number): ConcurrencyError {
    const current = this.statement<[string], { _rev: number }>(
      `SELECT _rev FROM ${this.table} WHERE _id = ?`,
    ).get(id);
    return new ConcurrencyError(`${this.name}/${id}`, expected, current?._rev ?? null);
  }
}

function serialize(doc: { _id: string }): string {
  if (typeof doc._id !== 'string' || doc._id.length === 0)
    throw new InvalidFilterError('_id must be a non-empty string');
  const { _id, _rev, ...rest } = doc as { _id: string; _rev?: number } & Record<string, unknown>;
  void _id;
  void _rev;
  return JSON.stringify(rest);
}

function toDocument<T>(row: Row): Stored<T> {
  return { _id: row._id, ...(JSON.parse(row.doc) as object), _rev: row._rev } as Stored<T>;
}

function positiveBatch(value: number | undefined): number {
  if (value === undefined) return 500;
  if (!Number.isInteger(value) || value < 1)
    throw new InvalidFilterError('batchSize must be a positive integer');
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new InvalidFilterError(`${name} must be a non-negative integer`);
  return value;
}
