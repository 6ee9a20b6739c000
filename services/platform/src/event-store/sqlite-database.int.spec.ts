import { mkdtemp, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase, setUp } from './sqlite-database';

// setUp: schema statements (and a new consumer group's start point) in one transaction without an fsync of
// their own, so a fresh data directory does not pay one fsync per table, index and trigger (issue 19)
describe('setUp', () => {
  let dir: string;
  let db: Database.Database;
  const level = () => db.pragma('synchronous', { simple: true });
  const tables = () =>
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((t) => t.name);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-setup-'));
    db = openSqliteDatabase(join(dir, 'a.db'), 'FULL');
  });
  afterEach(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('commits with synchronous=NORMAL and gives the connection its own level back', () => {
    expect(level()).toBe(2); // FULL
    expect(setUp(db, () => (db.exec('CREATE TABLE a (x)'), level()))).toBe(1); // NORMAL inside
    expect(level()).toBe(2);
    expect(tables()).toEqual(['a']);
  });

  it('is one transaction: a statement that fails leaves none of the others, and the level comes back', () => {
    expect(() => setUp(db, 'CREATE TABLE a (x); CREATE TABLE b (y); CREATE TABLE a (z)')).toThrow(
      /already exists/,
    );
    expect(tables()).toEqual([]);
    expect(level()).toBe(2);
  });

  it('writes nothing for a schema that is already there (no commit, so no fsync on a later start)', () => {
    const schema = 'CREATE TABLE IF NOT EXISTS a (x); CREATE INDEX IF NOT EXISTS a_x ON a (x)';
    setUp(db, schema);
    const wal = () => statSync(join(dir, 'a.db-wal')).size;
    const before = wal();
    setUp(db, schema);
    expect(wal()).toBe(before);
  });

  it('inside a transaction is part of it: rolled back with it', () => {
    expect(() =>
      db.transaction(() => {
        setUp(db, 'CREATE TABLE a (x)');
        throw new Error('the enclosing work failed');
      })(),
    ).toThrow('the enclosing work failed');
    expect(tables()).toEqual([]);
    expect(level()).toBe(2);
  });

  it('leaves a NORMAL connection as it is', () => {
    const normal = openSqliteDatabase(join(dir, 'b.db'), 'NORMAL');
    try {
      setUp(normal, 'CREATE TABLE a (x)');
      expect(normal.pragma('synchronous', { simple: true })).toBe(1);
    } finally {
      normal.close();
    }
  });
});
