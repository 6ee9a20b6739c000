import {
  MongoClient,
  MongoServerError,
  type Db,
  type Document,
  type Collection as MongoCollection,
} from 'mongodb';
import { ConcurrencyError, DuplicateKeyError } from '../errors/errors';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOptions,
  ScanOptions,
  IndexSpec,
  Stored,
} from './document-store.port';
import { compileFilter, compileSort, InvalidFilterError } from './filter-to-sql';

/**
 * Document store on MongoDB (official driver; also runs on MongoDB-wire servers such as FerretDB or
 * mongo-java-server for tests).
 *
 * - Documents are stored as they are, plus `_rev`. Every write is ONE single-document operation; there are
 *   no multi-document transactions (the port never needs them: projections stay idempotent through
 *   revision checks).
 * - `update` / `delete` with an expected revision filter on `{ _id, _rev }`, so a concurrent writer makes
 *   the operation match nothing → ConcurrencyError. `upsert` is an optimistic loop (read revision, insert or
 *   replace at that revision, retry on a race), because a replacement document cannot increment a field.
 * - Duplicate keys (E11000) become DuplicateKeyError naming the index (`_id_` for the primary key).
 * - Filters are validated exactly like the SQLite adapter's (the same field-path and operator rules, by
 *   running the same compiler and discarding its SQL), then passed to MongoDB unchanged: the documented
 *   subset IS MongoDB syntax and semantics. Sorts get `_id` as a final tie-breaker.
 */

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const INDEX_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const DUPLICATE_KEY = 11000;
const MAX_UPSERT_ATTEMPTS = 20;

export interface MongoDocumentStoreOptions {
  /** connection string, e.g. `mongodb://127.0.0.1:27017` */
  url: string;
  /** e.g. `punkto_card-ledger` */
  database: string;
  /** pass a shared client instead of opening one (then close() does not close it) */
  client?: MongoClient;
}

export class MongoDocumentStore implements DocumentStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly ownsClient: boolean,
  ) {}

  static async open(options: MongoDocumentStoreOptions): Promise<MongoDocumentStore> {
    const ownsClient = options.client === undefined;
    const client = options.client ?? new MongoClient(options.url, { serverSelectionTimeoutMS: 10_000 });
    if (ownsClient) await client.connect();
    return new MongoDocumentStore(client, client.db(options.database), ownsClient);
  }

  collection<T extends { _id: string }>(name: string): Collection<T> {
    if (!COLLECTION_NAME.test(name) || name.startsWith('system.'))
      throw new InvalidFilterError(`invalid collection name ${JSON.stringify(name)}`);
    return new MongoDocCollection<T>(name, this.db.collection<Document>(name));
  }

  /** for readiness checks and tests */
  get database(): Db {
    return this.db;
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}

/**
 * Writes to one document are serialized within this process. On MongoDB this changes nothing (a filtered
 * replace is atomic per document anyway). It matters on FerretDB v1 (the local test server), whose update
 * is a non-atomic find-then-write: two concurrent revision-checked updates from the same revision could
 * both "win" there. Across processes FerretDB v1 keeps that weakness — production needs real MongoDB.
 */
const documentLocks = new Map<string, Promise<unknown>>();
function serialized<R>(key: string, run: () => Promise<R>): Promise<R> {
  const previous = documentLocks.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.catch(() => {});
  documentLocks.set(key, settled);
  void settled.then(() => {
    if (documentLocks.get(key) === settled) documentLocks.delete(key);
  });
  return next;
}

class MongoDocCollection<T extends { _id: string }> implements Collection<T> {
  constructor(
    private readonly name: string,
    private readonly col: MongoCollection<Document>,
  ) {}

  private lockKey(id: string): string {
    return `${this.col.dbName}/${this.name}/${id}`;
  }

  async get(id: string): Promise<Stored<T> | null> {
    return (await this.col.findOne({ _id: id as never })) as Stored<T> | null;
  }

  insert(doc: T): Promise<Stored<T>> {
    return serialized(this.lockKey(doc._id), () => this.insertNow(doc));
  }

  private async insertNow(doc: T): Promise<Stored<T>> {
    const stored = withRevision(doc, 1);
    await this.write(() => this.col.insertOne(stored as Document), stored);
    return stored as Stored<T>;
  }

  upsert(doc: T): Promise<Stored<T>> {
    return serialized(this.lockKey(doc._id), () => this.upsertNow(doc));
  }

  private async upsertNow(doc: T): Promise<Stored<T>> {
    for (let attempt = 0; attempt < MAX_UPSERT_ATTEMPTS; attempt++) {
      const current = await this.col.findOne({ _id: doc._id as never }, { projection: { _rev: 1 } });
      if (current === null) {
        try {
          return await this.insertNow(doc);
        } catch (error) {
          if (error instanceof DuplicateKeyError && error.index === '_id_') continue; // lost an insert race
          throw error;
        }
      }
      const revision = Number(current._rev);
      const stored = withRevision(doc, revision + 1);
      const result = await this.write(
        () => this.col.replaceOne({ _id: doc._id as never, _rev: revision }, stored as Document),
        stored,
      );
      if (result.matchedCount === 1) return stored as Stored<T>;
    }
    throw new ConcurrencyError(`${this.name}/${doc._id}`, 'any', 'changing too fast');
  }

  update(doc: T, options: { expectedRevision: number }): Promise<Stored<T>> {
    return serialized(this.lockKey(doc._id), () => this.updateNow(doc, options));
  }

  private async updateNow(doc: T, options: { expectedRevision: number }): Promise<Stored<T>> {
    const expected = options.expectedRevision;
    const stored = withRevision(doc, expected + 1);
    const result = await this.write(
      () => this.col.replaceOne({ _id: doc._id as never, _rev: expected }, stored as Document),
      stored,
    );
    if (result.matchedCount === 0) throw await this.concurrencyError(doc._id, expected);
    return stored as Stored<T>;
  }

  delete(id: string, options?: { expectedRevision?: number }): Promise<boolean> {
    return serialized(this.lockKey(id), () => this.deleteNow(id, options));
  }

  private async deleteNow(id: string, options?: { expectedRevision?: number }): Promise<boolean> {
    const expected = options?.expectedRevision;
    if (expected === undefined) return (await this.col.deleteOne({ _id: id as never })).deletedCount > 0;
    const { deletedCount } = await this.col.deleteOne({ _id: id as never, _rev: expected });
    if (deletedCount === 0) throw await this.concurrencyError(id, expected);
    return true;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<Stored<T>[]> {
    const query = validated(filter);
    let cursor = this.col.find(query);
    if (options.sort !== undefined) {
      compileSort(options.sort); // same validation as the SQLite adapter
      cursor = cursor.sort({ ...options.sort, ...('_id' in options.sort ? {} : { _id: 1 }) });
    }
    if (options.skip !== undefined) cursor = cursor.skip(nonNegative('skip', options.skip));
    if (options.limit !== undefined) cursor = cursor.limit(nonNegative('limit', options.limit));
    return (await cursor.toArray()) as unknown as Stored<T>[];
  }

  /** One cursor, read in batches of `batchSize` as the caller asks (the driver fetches as many at a time). */
  async *scan(filter?: Filter, options: ScanOptions = {}): AsyncGenerator<Array<Stored<T>>, void, undefined> {
    const batchSize = options.batchSize ?? 500;
    if (!Number.isInteger(batchSize) || batchSize < 1)
      throw new InvalidFilterError('batchSize must be a positive integer');
    const query = validated(filter);
    const sort = options.sort ?? {};
    compileSort(sort);
    const cursor = this.col
      .find(query, { batchSize })
      .sort({ ...sort, ...('_id' in sort ? {} : { _id: 1 }) });
    try {
      let batch: Array<Stored<T>> = [];
      for await (const doc of cursor) {
        batch.push(doc as unknown as Stored<T>);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    } finally {
      await cursor.close();
    }
  }

  async findOne(filter: Filter): Promise<Stored<T> | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async count(filter?: Filter): Promise<number> {
    return this.col.countDocuments(validated(filter));
  }

  async ensureIndex(index: IndexSpec): Promise<void> {
    const fields = Object.entries(index.fields);
    if (fields.length === 0) throw new InvalidFilterError('an index needs at least one field');
    compileSort(index.fields); // validates paths and directions
    const name = index.name ?? fields.map(([path, direction]) => `${path}_${direction}`).join('_');
    if (!INDEX_NAME.test(name)) throw new InvalidFilterError(`invalid index name ${JSON.stringify(name)}`);
    if (index.substring) {
      if (fields.length !== 1 || index.unique)
        throw new InvalidFilterError('a substring index is on one field and not unique');
      return; // the port: MongoDB answers an unanchored $regex from a regular index holding the field
    }
    try {
      await this.col.createIndex(index.fields, { name, unique: index.unique === true });
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateKeyError(this.name, name);
      throw error;
    }
  }

  /** Runs a write of `doc`, translating duplicate-key errors into DuplicateKeyError naming the index. */
  private async write<R>(run: () => Promise<R>, doc?: Doc): Promise<R> {
    try {
      return await run();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const index = indexOf(error, this.name) ?? (doc ? await this.violatedIndex(doc) : 'unknown');
      throw new DuplicateKeyError(this.name, index);
    }
  }

  /**
   * For servers whose duplicate-key error does not name the index (FerretDB v1 says only "E11000 duplicate
   * key error collection: db.coll"): the first unique index on which another document has the same values.
   * Only used to word the error; the write itself was already rejected by the server.
   */
  private async violatedIndex(doc: Doc): Promise<string> {
    // only inserts (revision 1) can collide on `_id`; a replacement keeps its own `_id`
    if (doc._rev === 1 && (await this.col.findOne({ _id: doc._id as never }, { projection: { _id: 1 } })))
      return '_id_';
    for (const index of await this.col.listIndexes().toArray()) {
      if (!index.unique || index.name === '_id_') continue;
      const fields = Object.keys(index.key as Record<string, unknown>);
      const query: Document = { _id: { $ne: doc._id } };
      for (const field of fields) query[field] = valueAt(doc, field) ?? null;
      if (await this.col.findOne(query, { projection: { _id: 1 } })) return String(index.name);
    }
    return 'unknown';
  }

  private async concurrencyError(id: string, expected: number): Promise<ConcurrencyError> {
    const current = await this.col.findOne({ _id: id as never }, { projection: { _rev: 1 } });
    return new ConcurrencyError(`${this.name}/${id}`, expected, current?._rev ?? null);
  }
}

function withRevision<T extends { _id: string }>(doc: T, revision: number): Doc {
  if (typeof doc._id !== 'string' || doc._id.length === 0)
    throw new InvalidFilterError('_id must be a non-empty string');
  const { _id, _rev, ...rest } = doc as Doc;
  void _rev;
  return { _id, ...rest, _rev: revision };
}

function validated(filter: Filter | undefined): Document {
  compileFilter(filter); // throws InvalidFilterError exactly where the SQLite adapter would
  return (filter ?? {}) as Document;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new InvalidFilterError(`${name} must be a non-negative integer`);
  return value;
}

/**
 * E11000 from MongoDB; FerretDB v1 (SQLite backend) reports unique-index violations of updates and index
 * builds as an InternalError carrying SQLite's "UNIQUE constraint failed: index '<coll>_<hash>_<name>'".
 */
function isDuplicateKey(error: unknown): boolean {
  if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return true;
  const message = String((error as Error)?.message ?? '');
  return /E11000/.test(message) || /UNIQUE constraint failed: index '/.test(message);
}

/** The index a duplicate-key error names, or undefined when it names none. */
function indexOf(error: unknown, collection: string): string | undefined {
  const message = String((error as Error).message ?? '');
  // MongoDB: "E11000 duplicate key error collection: db.users index: email_unique dup key: { … }"
  const mongo = /index: ([^\s]+)/.exec(message);
  if (mongo?.[1]) return mongo[1];
  // FerretDB v1 / SQLite: "UNIQUE constraint failed: index 'users_5e7cc513_email_unique'"
  const sqlite = /UNIQUE constraint failed: index '([^']+)'/.exec(message);
  if (sqlite?.[1]) {
    const prefix = new RegExp(`^${collection.replace(/[^A-Za-z0-9]/g, '.')}_[0-9a-f]{8}_`);
    return sqlite[1].replace(prefix, '');
  }
  const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (keyPattern && Object.keys(keyPattern).join() === '_id') return '_id_';
  return undefined;
}

function valueAt(doc: Doc, path: string): unknown {
  let value: unknown = doc;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
