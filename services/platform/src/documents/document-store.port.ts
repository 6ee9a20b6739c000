/**
 * Document store port: named collections of JSON documents keyed by `_id`.
 *
 * Every stored document carries `_rev`: 1 after insert, +1 on every write. `update` with
 * `expectedRevision` fails with ConcurrencyError when `_rev` differs, so read models stay correct without
 * multi-document transactions.
 *
 * Filter subset (MongoDB syntax), on top-level and dotted paths:
 *   { field: value }                       equality (for arrays: contains)
 *   $eq $ne $gt $gte $lt $lte $in $nin $exists
 *   $regex (string, with optional $options: 'i')
 *   $and $or (arrays of filters)
 *
 * Semantics every adapter keeps (checked by document-store.contract.ts):
 * - comparisons are type-strict: `{ n: 1 }` matches neither `"1"` nor `true`; $gt/$lt with a number only
 *   match numbers, with a string only strings (compare ISO dates as strings);
 * - on an array field every condition matches when any element does; $ne/$nin match when none does;
 * - `{ f: null }` matches a missing field or null; `$exists` tells them apart; $ne/$nin match missing fields;
 * - field paths are identifiers joined by dots (`address.city`): no `$`, no numeric segments, and paths do
 *   not walk into arrays of objects (`items.sku` is unsupported);
 * - sort on scalar fields only; missing/null sort first ascending; string order is by code point (no collation);
 * - a duplicate `_id` throws DuplicateKeyError with index `_id_`; unique indexes name the index; do not rely
 *   on how documents LACKING a uniquely indexed field behave (MongoDB: one null allowed; SQLite: many).
 * - documents are JSON: no Dates, no undefined (they do not round-trip).
 */

export type Doc = { _id: string; _rev?: number } & Record<string, unknown>;
export type Stored<T> = T & { _id: string; _rev: number };

type Scalar = string | number | boolean | null;
export type FieldCondition =
  | Scalar
  | {
      $eq?: Scalar;
      $ne?: Scalar;
      $gt?: string | number;
      $gte?: string | number;
      $lt?: string | number;
      $lte?: string | number;
      $in?: Scalar[];
      $nin?: Scalar[];
      $exists?: boolean;
      $regex?: string;
      $options?: 'i' | '';
    };
export type Filter = { $and?: Filter[]; $or?: Filter[] } & {
  [path: string]: FieldCondition | Filter[] | undefined;
};

export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
}

export interface ScanOptions {
  sort?: SortSpec;
  /** documents per batch, default 500 */
  batchSize?: number;
}

export interface IndexSpec {
  /** ordered fields, 1 ascending, -1 descending */
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** default: derived from the fields */
  name?: string;
  /**
   * A substring index on ONE string field: it serves `$regex` conditions whose pattern is literal text (or
   * literals joined by `|`, each of at least 3 characters); shorter or real patterns are answered as before.
   * Results never change, only speed. SQLite: an FTS5 trigram index. MongoDB: nothing is created (an
   * unanchored `$regex` is answered by scanning a regular index that holds the field — keep one).
   */
  substring?: boolean;
}

export interface Collection<T extends { _id: string }> {
  get(id: string): Promise<Stored<T> | null>;
  /** throws DuplicateKeyError if `_id` (or a unique index) already exists */
  insert(doc: T): Promise<Stored<T>>;
  /** insert or replace whole document; unique indexes still apply */
  upsert(doc: T): Promise<Stored<T>>;
  /** replace whole document if `_rev` === expectedRevision; ConcurrencyError otherwise (also when missing) */
  update(doc: T, options: { expectedRevision: number }): Promise<Stored<T>>;
  /** true when something was deleted; with expectedRevision it throws ConcurrencyError on mismatch */
  delete(id: string, options?: { expectedRevision?: number }): Promise<boolean>;
  find(filter?: Filter, options?: FindOptions): Promise<Stored<T>[]>;
  findOne(filter: Filter): Promise<Stored<T> | null>;
  /**
   * Every matching document in order, read by ONE query and handed over a batch at a time as the caller asks
   * for the next (exports of large tenants: never all in memory, no query per page). Ties are broken by `_id`
   * ascending. Writes meanwhile may or may not be seen; stopping early (break/return) releases the query.
   */
  scan(filter?: Filter, options?: ScanOptions): AsyncGenerator<Array<Stored<T>>, void, undefined>;
  count(filter?: Filter): Promise<number>;
  /** idempotent */
  ensureIndex(index: IndexSpec): Promise<void>;
}

export interface DocumentStore {
  collection<T extends { _id: string }>(name: string): Collection<T>;
  close(): Promise<void>;
}
