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
