import { existsSync, renameSync } from 'node:fs';
import { openSqliteDatabase } from '../event-store/sqlite-database';

/**
 * Moves a service's older `documents.db` into the file its event store uses, once (ADR 0029): a command's
 * append, read model and idempotency record can only be one atomic write when they live in one SQLite file
 * (ATTACH is not atomic across files in WAL mode).
 *
 * Every table and index of `from` that `into` does not have yet is created and filled in ONE transaction of
 * `into`; then `from` (with its -wal/-shm) is renamed to `<from>.merged`. A crash before the rename only
 * repeats the rename next time (the tables are there, so nothing is copied twice). A table in both files
 * would be a name clash between a collection and the event store's own tables: refused, nothing is moved.
 * Returns whether anything was merged.
 */
export function mergeDocumentsFile(from: string, into: string): boolean {
  if (!existsSync(from)) return false;
  const db = openSqliteDatabase(into, 'FULL');
  let copied = 0;
  try {
    db.prepare('ATTACH DATABASE ? AS old').run(from);
    let objects = db
      .prepare<[], { type: string; name: string; sql: string }>(
        `SELECT type, name, sql FROM old.sqlite_master
         WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND type IN ('table', 'index')
         ORDER BY type = 'index', rowid`,
      )
      .all();
    // substring indexes (FTS5 tables, their shadow tables and triggers) are not copied: ensureIndex rebuilds them
    const virtual = objects.filter((o) => /^CREATE VIRTUAL TABLE/i.test(o.sql)).map((o) => o.name);
    objects = objects.filter((o) => !virtual.some((v) => o.name === v || o.name.startsWith(`${v}_`)));
    const existing = new Set(
      db
        .prepare<[], { name: string }>('SELECT name FROM main.sqlite_master')
        .all()
        .map((row) => row.name),
    );
    const tablesThere = objects.filter((o) => o.type === 'table' && existing.has(o.name));
    const tablesMissing = objects.filter((o) => o.type === 'table' && !existing.has(o.name));
    if (tablesThere.length && tablesMissing.length)
      throw new Error(
        `cannot merge ${from} into ${into}: both have ${tablesThere.map((t) => t.name).join(', ')}`,
      );
    db.transaction(() => {
      for (const object of objects) {
        if (existing.has(object.name)) continue;
        db.exec(object.sql); // unqualified: created in main
        if (object.type === 'table') {
          db.exec(`INSERT INTO main."${object.name}" SELECT * FROM old."${object.name}"`);
          copied += 1;
        }
      }
    }).immediate();
    db.exec('DETACH DATABASE old');
  } finally {
    db.close();
  }
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(from + suffix)) renameSync(from + suffix, `${from}.merged${suffix}`);
  return copied > 0;
}
