import { LRUCache } from 'lru-cache';
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
  type PathShape,
  SHAPE_KINDS,
  shapeKind,
  type ShapeKind,
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

const regExpCache = new LRUCache<string, RegExp>({ max: 500 });
function cachedRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  const key = `${caseInsensitive ? 'i' : '-'}${pattern}`;
  let re = regExpCache.get(key);
  if (!re) {
    // 'u': Unicode semantics, so case folding works for letters such as Ł/ł, Ó/ó, Ź/ź.
    re = new RegExp(pattern, caseInsensitive ? 'iu' : 'u');
    regExpCache.set(key, re);
  }
  return re;
}

type Row = { _id: string; _rev: number; doc: string };

/** counts kept per collection between writes, and the longest filter (SQL + parameters) worth keeping */
const COUNTS_KEPT = 64;
const COUNT_KEY_LIMIT = 4_096;

export class SqliteCollection<T extends { _id: string }> implements Collection<T> {
  private readonly table: string;
  /** field path → its FTS5 trigram table (`<collection>$substring$<path>`) */
  private readonly substringIndexes = new Map<string, string>();
  /**
   * The field paths of the declared indexes, whose PathShape the table `<collection>$shapes` keeps exact:
   * a row (path, kind) once any document holds such a value there (kept by triggers, like the substring
   * index; never removed — like MongoDB's multikey flag of an index). Queries on these paths leave out the
   * guards for values no document holds, so an index can answer them alone (filter-to-sql.ts).
   */
  private readonly shapedPaths = new Set<string>();
  private readonly shapesTable: string;
  /** one read snapshot for the shapes and the query that relies on them */
  private readonly readTransaction: (run: () => unknown) => unknown;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly commits: GroupCommit,
    private readonly name: string,
  ) {
    if (!COLLECTION_NAME.test(name) || name.toLowerCase().startsWith('sqlite_')) {
      throw new InvalidFilterError(`invalid collection name ${JSON.stringify(name)}`);
    }
    this.table = `"${name}"`;
    this.shapesTable = `"${name}${INDEX_SEPARATOR}shapes"`;
    this.readTransaction = db.transaction((run: () => unknown) => run());
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
    const triggers = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        .all()
        .map((row) => row.name),
    );
    const shapePrefix = this.shapeTrigger('');
    for (const trigger of triggers) {
      if (!trigger.startsWith(shapePrefix) || !trigger.endsWith('$insert')) continue;
      const path = trigger.slice(shapePrefix.length, -'$insert'.length);
      if (triggers.has(`${this.shapeTrigger(path)}$update`)) this.shapedPaths.add(path);
    }
  }

  private shapeTrigger(path: string): string {
    return `${this.name}${INDEX_SEPARATOR}shape${INDEX_SEPARATOR}${path}`;
  }

  /** statements prepared once per SQL text (the planner re-prepares them itself after a schema change) */
  private readonly statements = new LRUCache<string, Database.Statement>({ max: 500 });
  private statement<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }

  private compile(filter: Filter | undefined, shapes?: ReadonlyMap<string, PathShape>) {
    return compileFilter(filter, { substringIndexes: this.substringIndexes, shapes });
  }

  /** What the documents hold at the tracked paths, read on `db` (this connection or a scan's reader). */
  private shapesOn(db: SqliteDatabase): ReadonlyMap<string, PathShape> {
    const shapes = new Map<string, PathShape>();
    if (this.shapedPaths.size === 0) return shapes;
    for (const path of this.shapedPaths)
      shapes.set(path, { containers: false, booleans: false, zeroOrOne: false, nulls: false });
    const sql = `SELECT path, kind FROM ${this.shapesTable}`;
    const rows = (db === this.db ? this.statement(sql) : db.prepare(sql)).all() as Array<{
      path: string;
      kind: string;
    }>;
    for (const { path, kind } of rows) {
      const shape = shapes.get(path);
      if (shape && (SHAPE_KINDS as readonly string[]).includes(kind)) shape[kind as ShapeKind] = true;
    }
    return shapes;
  }

  /**
   * Runs a query compiled against what the documents hold now: in one read transaction (one snapshot), so a
   * write committed by another connection between the two reads cannot slip past a left-out guard.
   */
  private read<R>(query: (where: ReturnType<typeof compileFilter>) => R, filter: Filter | undefined): R {
    const run = () => query(this.compile(filter, this.shapesOn(this.db)));
    if (this.shapedPaths.size === 0 || this.db.inTransaction) return run();
    return this.readTransaction(run) as R;
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
    const orderBy = compileSort(options.sort);
    const paging =
      options.limit !== undefined || options.skip !== undefined
        ? // LIMIT -1 means "no limit" in SQLite; MongoDB treats limit 0 as "no limit" too.
          [options.limit ? nonNegative('limit', options.limit) : -1, nonNegative('skip', options.skip ?? 0)]
        : null;
    const rows = this.read((where) => {
      let sql = `SELECT _id, _rev, doc FROM ${this.table} WHERE ${where.sql}`;
      if (orderBy) sql += ` ORDER BY ${orderBy}`;
      if (paging) sql += ' LIMIT ? OFFSET ?';
      return this.statement<unknown[], Row>(sql).all(...where.params, ...(paging ?? []));
    }, filter);
    return rows.map((row) => toDocument<T>(row));
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
    this.compile(filter); // an invalid filter fails before a connection is opened
    const sort = { ...options.sort, ...(options.sort && '_id' in options.sort ? {} : { _id: 1 as const }) };
    const orderBy = compileSort(sort);
    if (this.db.memory) {
      const all = await this.find(filter, { sort });
      for (let i = 0; i < all.length; i += batchSize) yield all.slice(i, i + batchSize);
      return;
    }
    const reader = new Database(this.db.name, { readonly: true, fileMustExist: true });
    try {
      reader.pragma('busy_timeout = 5000');
      registerRegexp(reader);
      // the shapes and the rows from one snapshot (see read)
      if (this.shapedPaths.size) reader.exec('BEGIN');
      const where = this.compile(filter, this.shapesOn(reader));
      const sql = `SELECT _id, _rev, doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${orderBy}`;
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

  /**
   * Counts answered while nothing was written to the file: the total shown beside every page of a list is
   * asked again and again while the list does not change. Valid while `total_changes()` (every row this
   * connection inserted, updated or deleted — also by triggers, also when rolled back) and `data_version`
   * (commits of other connections) stay the same; read in the query's snapshot. Never read or filled inside a
   * transaction, whose writes could still roll back.
   */
  private counted: { stamp: string; counts: Map<string, number> } = { stamp: '', counts: new Map() };

  async count(filter?: Filter): Promise<number> {
    const cacheable = !this.db.inTransaction;
    return this.read((where) => {
      const sql = `SELECT COUNT(*) AS n FROM ${this.table} WHERE ${where.sql}`;
      const countNow = () => this.statement<unknown[], { n: number }>(sql).get(...where.params)?.n ?? 0;
      if (!cacheable) return countNow();
      const { changes, version } = this.statement<[], { changes: number; version: number }>(
        'SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version',
      ).get()!;
      const stamp = `${changes}/${version}`;
      if (stamp !== this.counted.stamp || this.counted.counts.size >= COUNTS_KEPT)
        this.counted = { stamp, counts: new Map() };
      const key = `${where.sql}\u0000${JSON.stringify(where.params)}`;
      if (key.length > COUNT_KEY_LIMIT) return countNow();
      let n = this.counted.counts.get(key);
      if (n === undefined) {
        n = countNow();
        this.counted.counts.set(key, n);
      }
      return n;
    }, filter);
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
      this.trackShapes([path]);
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
    this.trackShapes(fields.map(([path]) => path));
  }

  /**
   * Starts keeping the PathShape of these fields (see shapedPaths): their kinds in the documents already
   * there, then one trigger per write that records a kind not seen before — in one transaction, so no write
   * falls between the two. A write that holds only ordinary values (text, numbers other than 0/1, a missing
   * field) adds nothing; the trigger's test is a json_extract of the field (json_type only for NULL or 0/1).
   */
  private trackShapes(paths: string[]): void {
    const untracked = paths.filter((p) => p !== '_id' && p !== '_rev' && !this.shapedPaths.has(p));
    if (untracked.length === 0) return;
    // a set-up write (one transaction, no fsync of its own; setUp in sqlite-database.ts)
    setUp(this.db, () => {
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS ${this.shapesTable} (path TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (path, kind)) WITHOUT ROWID`,
      );
      for (const path of untracked) {
        const trigger = this.shapeTrigger(path);
        const present = this.db
          .prepare<[string, string], { n: number }>(
            "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)",
          )
          .get(`${trigger}$insert`, `${trigger}$update`);
        if (present?.n === 2) continue;
        this.db
          .prepare(
            `INSERT OR IGNORE INTO ${this.shapesTable} (path, kind)
                 SELECT DISTINCT ?, kind FROM (SELECT ${shapeKind(path, 'doc')} AS kind FROM ${this.table})
                 WHERE kind IS NOT NULL`,
          )
          .run(path);
        // a plain INSERT guarded by NOT EXISTS: a trigger's OR IGNORE gives way to the conflict clause of the
        // statement that fired it (an upsert's ON CONFLICT … DO UPDATE), and the duplicate would fail that write
        const kind = shapeKind(path, 'new.doc');
        for (const event of ['insert', 'update'])
          this.db
            .exec(`CREATE TRIGGER IF NOT EXISTS "${trigger}$${event}" AFTER ${event.toUpperCase()} ON ${this.table}
              WHEN ${kind} IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM ${this.shapesTable} WHERE path = '${path}' AND kind = ${kind})
              BEGIN INSERT INTO ${this.shapesTable} (path, kind) VALUES ('${path}', ${kind}); END`);
      }
    });
    for (const path of untracked) this.shapedPaths.add(path);
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
