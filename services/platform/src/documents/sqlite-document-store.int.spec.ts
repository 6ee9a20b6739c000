import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentStoreContract } from './document-store.contract';
import { InvalidFilterError } from './filter-to-sql';
import { SqliteDocumentStore } from './sqlite-document-store';
import { runUntilKilled } from './testing/run-until';

async function tempStore() {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-docs-'));
  return {
    file: join(dir, 'nested', 'documents.sqlite'),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

documentStoreContract('sqlite', async () => {
  const { file, cleanup } = await tempStore();
  return { open: async () => SqliteDocumentStore.open(file), cleanup };
});

describe('SqliteDocumentStore specifics', () => {
  it('rejects collection names that could escape the quoted identifier', async () => {
    const { file, cleanup } = await tempStore();
    const store = SqliteDocumentStore.open(file);
    try {
      expect(() => store.collection('x"; DROP TABLE y; --')).toThrow(InvalidFilterError);
      expect(() => store.collection('sqlite_master')).toThrow(InvalidFilterError);
      expect(() => store.collection('card-summary.v1')).not.toThrow();
    } finally {
      await store.close();
      await cleanup();
    }
  });

  it('rejects injection through filter field paths and sort keys', async () => {
    const { file, cleanup } = await tempStore();
    const store = SqliteDocumentStore.open(file);
    try {
      const col = store.collection<{ _id: string; a: number }>('things');
      await col.insert({ _id: '1', a: 1 });
      await expect(col.find({ "a') OR 1=1 --": 1 })).rejects.toBeInstanceOf(InvalidFilterError);
      await expect(col.find({}, { sort: { 'a; DROP TABLE things': 1 } })).rejects.toBeInstanceOf(
        InvalidFilterError,
      );
      expect(await col.count()).toBe(1);
    } finally {
      await store.close();
      await cleanup();
    }
  });
});

describe('SqliteDocumentStore counts', () => {
  it('are never older than the last write: of this connection, of another one, or rolled back', async () => {
    const { file, cleanup } = await tempStore();
    const store = SqliteDocumentStore.open(file);
    try {
      const col = store.collection<{ _id: string; t: unknown }>('things');
      await col.ensureIndex({ fields: { t: 1 } });
      for (let i = 0; i < 3; i++) await col.insert({ _id: `a${i}`, t: 'x' });
      expect(await col.count({ t: 'x' })).toBe(3);
      expect(await col.count({ t: 'x' })).toBe(3);
      await col.insert({ _id: 'a3', t: 'x' });
      expect(await col.count({ t: 'x' })).toBe(4);

      const other = new Database(file);
      other.prepare(`INSERT INTO things (_id, _rev, doc) VALUES ('b1', 1, '{"t":["x"]}')`).run();
      expect(await col.count({ t: 'x' })).toBe(5); // also the first array in t
      other.prepare(`DELETE FROM things WHERE _id = 'a0'`).run();
      expect(await col.count({ t: 'x' })).toBe(4);
      other.close();
      await col.delete('a1');
      expect(await col.count({ t: 'x' })).toBe(3);

      // inside a transaction a count sees its uncommitted writes, and is not kept for after the rollback
      const db = store.database;
      let inside: Promise<number> | undefined;
      expect(() =>
        db.transaction(() => {
          db.prepare(`INSERT INTO things (_id, _rev, doc) VALUES ('c1', 1, '{"t":"x"}')`).run();
          inside = col.count({ t: 'x' });
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      expect(await inside).toBe(4);
      expect(await col.count({ t: 'x' })).toBe(3);
    } finally {
      await store.close();
      await cleanup();
    }
  });
});

describe('SqliteDocumentStore durability', () => {
  it('every acknowledged write survives SIGKILL of the writing process', async () => {
    const { file, cleanup } = await tempStore();
    try {
      const fixture = fileURLToPath(new URL('./testing/write-until-killed.fixture.ts', import.meta.url));
      const lines = await runUntilKilled(fixture, [file], (line) => line === 'acked doc-50');
      const acked = lines
        .filter((line) => line.startsWith('acked '))
        .map((line) => line.slice('acked '.length));
      expect(acked.length).toBeGreaterThanOrEqual(51);
      const store = SqliteDocumentStore.open(file);
      try {
        const things = store.collection<{ _id: string; n: number }>('things');
        for (const id of acked) expect(await things.get(id), id).not.toBeNull();
      } finally {
        await store.close();
      }
    } finally {
      await cleanup();
    }
  });
});
