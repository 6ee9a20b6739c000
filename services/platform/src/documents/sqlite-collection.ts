import { LRUCache } from 'lru-cache';
import Database, { type Database as SqliteDatabase } from 'better-sqlite3';
import { ConcurrencyError, DuplicateKeyError } from '../errors/errors';
import type { GroupCommit } from '../event-store/group-commit';
import { setUp } from '../event-store/sqlite-database';
import type { Collection, Filter, FindOptions, IndexSpec, ScanOptions, Stored } from './document-store.port';
import {
  compileFilter,
  compileSort,
  InvalidFilterError,
  type PathShape,
  SHAPE_KINDS,
  type ShapeKind,
  valueExpression,
} from './filter-to-sql';
import {
  COLLECTION_NAME,
  createShapeTracking,
  createSubstringIndex,
  existingShapedPaths,
  existingSubstringIndexes,
  INDEX_NAME,
  INDEX_SEPARATOR,
  registerRegexp,
  shapesTableOf,
} from './sqlite-collection-schema';
import { nonNegative, positiveBatch, type Row, serialize, toDocument, uniqueIndexOf } from './sqlite-rows';

/** One collection of the embedded DocumentStore (sqlite-document-store.ts): a table `(_id, _rev, doc)`. */

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
    this.shapesTable = shapesTableOf(name);
    this.readTransaction = db.transaction((run: () => unknown) => run());
    // a set-up write: no fsync of its own, the first acknowledged write to the file makes it durable
    setUp(
      db,
      `CREATE TABLE IF NOT EXISTS ${this.table} (_id TEXT PRIMARY KEY, _rev INTEGER NOT NULL, doc TEXT NOT NULL)`,
    );
    for (const [path, table] of existingSubstringIndexes(db, name)) this.substringIndexes.set(path, table);
    for (const path of existingShapedPaths(db, name)) this.shapedPaths.add(path);
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
    createShapeTracking(this.db, this.name, untracked);
    for (const path of untracked) this.shapedPaths.add(path);
  }

  /**
   * An FTS5 trigram table (case-sensitive: a phrase matches exactly where it is a substring) of the field's
   * text (of an array: its text elements, one a line), keyed by the
   * collection's rowid and kept by triggers — so every write, also one made by SQL outside the adapter, keeps
   * it current in the same transaction. Created and filled from the existing documents in one transaction.
   */
  private ensureSubstringIndex(path: string): void {
    if (this.substringIndexes.has(path)) return;
    const fts = createSubstringIndex(this.db, this.name, this.table, path);
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
        throw new DuplicateKeyError(this.name, uniqueIndexOf(this.name, String((error as Error).message)));
      throw error;
    }
  }

  private concurrencyError(id: string, expected: number): ConcurrencyError {
    const current = this.statement<[string], { _rev: number }>(
      `SELECT _rev FROM ${this.table} WHERE _id = ?`,
    ).get(id);
    return new ConcurrencyError(`${this.name}/${id}`, expected, current?._rev ?? null);
  }
}
