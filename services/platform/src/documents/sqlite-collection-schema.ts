import type { Database as SqliteDatabase } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { setUp } from '../event-store/sqlite-database';
import { assertFieldPath, shapeKind } from './filter-to-sql';

/**
 * The schema a SQLite collection keeps beside its table (sqlite-collection.ts): the names, the PathShape tracking
 * of indexed fields and the substring indexes, each kept by triggers so that every write, also one made by SQL
 * outside the adapter, keeps them current in its own transaction. Set-up writes (setUp in sqlite-database.ts):
 * one transaction, no fsync of their own.
 */
export const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
export const INDEX_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** SQLite index names are global to the file: `<collection>$<index>`. */
export const INDEX_SEPARATOR = '$';

const shapeTrigger = (collection: string, path: string) =>
  `${collection}${INDEX_SEPARATOR}shape${INDEX_SEPARATOR}${path}`;

export const shapesTableOf = (collection: string) => `"${collection}${INDEX_SEPARATOR}shapes"`;

/** field path → its FTS5 trigram table, for the substring indexes the file already has */
export function existingSubstringIndexes(db: SqliteDatabase, collection: string): Map<string, string> {
  const prefix = `${collection}${INDEX_SEPARATOR}substring${INDEX_SEPARATOR}`;
  const found = new Map<string, string>();
  for (const { name: table } of db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
    )
    .all())
    if (table.startsWith(prefix)) found.set(table.slice(prefix.length), table);
  return found;
}

/** the field paths whose shapes the file's triggers already keep */
export function existingShapedPaths(db: SqliteDatabase, collection: string): Set<string> {
  const triggers = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger'")
      .all()
      .map((row) => row.name),
  );
  const shapePrefix = shapeTrigger(collection, '');
  const paths = new Set<string>();
  for (const trigger of triggers) {
    if (!trigger.startsWith(shapePrefix) || !trigger.endsWith('$insert')) continue;
    const path = trigger.slice(shapePrefix.length, -'$insert'.length);
    if (triggers.has(`${shapeTrigger(collection, path)}$update`)) paths.add(path);
  }
  return paths;
}

/**
 * Starts keeping the PathShape of these fields: their kinds in the documents already there, then one trigger
 * per write that records a kind not seen before — in one transaction, so no write falls between the two. A
 * write that holds only ordinary values (text, numbers other than 0/1, a missing field) adds nothing; the
 * trigger's test is a json_extract of the field (json_type only for NULL or 0/1).
 */
export function createShapeTracking(db: SqliteDatabase, collection: string, paths: string[]): void {
  const table = `"${collection}"`;
  const shapesTable = shapesTableOf(collection);
  setUp(db, () => {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${shapesTable} (path TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (path, kind)) WITHOUT ROWID`,
    );
    for (const path of paths) {
      const trigger = shapeTrigger(collection, path);
      const present = db
        .prepare<[string, string], { n: number }>(
          "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)",
        )
        .get(`${trigger}$insert`, `${trigger}$update`);
      if (present?.n === 2) continue;
      db.prepare(
        `INSERT OR IGNORE INTO ${shapesTable} (path, kind)
             SELECT DISTINCT ?, kind FROM (SELECT ${shapeKind(path, 'doc')} AS kind FROM ${table})
             WHERE kind IS NOT NULL`,
      ).run(path);
      // a plain INSERT guarded by NOT EXISTS: a trigger's OR IGNORE gives way to the conflict clause of the
      // statement that fired it (an upsert's ON CONFLICT … DO UPDATE), and the duplicate would fail that write
      const kind = shapeKind(path, 'new.doc');
      for (const event of ['insert', 'update'])
        db.exec(`CREATE TRIGGER IF NOT EXISTS "${trigger}$${event}" AFTER ${event.toUpperCase()} ON ${table}
          WHEN ${kind} IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM ${shapesTable} WHERE path = '${path}' AND kind = ${kind})
          BEGIN INSERT INTO ${shapesTable} (path, kind) VALUES ('${path}', ${kind}); END`);
    }
  });
}

/**
 * An FTS5 trigram table (case-sensitive: a phrase matches exactly where it is a substring) of the field's
 * text (of an array: its text elements, one a line), keyed by the collection's rowid and kept by triggers.
 * Created and filled from the existing documents in one transaction; its name is returned.
 */
export function createSubstringIndex(
  db: SqliteDatabase,
  collection: string,
  table: string,
  path: string,
): string {
  assertFieldPath(path);
  const fts = `${collection}${INDEX_SEPARATOR}substring${INDEX_SEPARATOR}${path}`;
  const text = (row: 'new' | 'old') =>
    `CASE json_type(${row}.doc, '$.${path}')
       WHEN 'text' THEN json_extract(${row}.doc, '$.${path}')
       WHEN 'array' THEN (SELECT group_concat(value, char(10)) FROM json_each(${row}.doc, '$.${path}') WHERE type = 'text')
     END`;
  setUp(db, () => {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(fts);
    if (exists) return;
    db.exec(`CREATE VIRTUAL TABLE "${fts}" USING fts5(value, tokenize = 'trigram case_sensitive 1')`);
    db.exec(
      `INSERT INTO "${fts}" (rowid, value) SELECT rowid, ${text('new').replaceAll('new.doc', 'doc')} FROM ${table}`,
    );
    db.exec(`CREATE TRIGGER "${fts}$insert" AFTER INSERT ON ${table} BEGIN
        INSERT INTO "${fts}" (rowid, value) VALUES (new.rowid, ${text('new')}); END`);
    db.exec(`CREATE TRIGGER "${fts}$delete" AFTER DELETE ON ${table} BEGIN
        DELETE FROM "${fts}" WHERE rowid = old.rowid; END`);
    db.exec(`CREATE TRIGGER "${fts}$update" AFTER UPDATE ON ${table} BEGIN
        DELETE FROM "${fts}" WHERE rowid = old.rowid;
        INSERT INTO "${fts}" (rowid, value) VALUES (new.rowid, ${text('new')}); END`);
  });
  return fts;
}

/** The SQL function `regexp(pattern, value, flags)` that `$regex` compiles to. */
export function registerRegexp(db: SqliteDatabase): void {
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
