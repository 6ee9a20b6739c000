import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { mergeDocumentsFile } from './merge-documents-file';
import { SqliteDocumentStore } from './sqlite-document-store';

describe('merging an older documents.db into the event store file (ADR 0029)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-merge-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('moves every collection with its indexes, once, and keeps the events', async () => {
    const events = SqliteEventStore.open(join(dir, 'events.db'));
    await events.appendToStream('card-1', [{ type: 'A', data: {} }]);
    await events.close();
    const old = SqliteDocumentStore.open(join(dir, 'documents.db'));
    const users = old.collection<{ _id: string; email: string }>('users');
    await users.ensureIndex({ fields: { email: 1 }, unique: true });
    await users.insert({ _id: 'u1', email: 'ala@example.pl' });
    await users.update({ _id: 'u1', email: 'ala@example.pl' }, { expectedRevision: 1 });
    await old.collection<{ _id: string; points: number }>('cards').insert({ _id: 'c1', points: 3 });
    await old.close();

    expect(mergeDocumentsFile(join(dir, 'documents.db'), join(dir, 'events.db'))).toBe(true);
    expect(existsSync(join(dir, 'documents.db'))).toBe(false);
    expect(existsSync(join(dir, 'documents.db.merged'))).toBe(true);
    expect(mergeDocumentsFile(join(dir, 'documents.db'), join(dir, 'events.db'))).toBe(false);

    const merged = SqliteDocumentStore.open(join(dir, 'events.db'));
    const store = SqliteEventStore.open(join(dir, 'events.db'));
    try {
      const mergedUsers = merged.collection<{ _id: string; email: string }>('users');
      expect(await mergedUsers.get('u1')).toEqual({ _id: 'u1', email: 'ala@example.pl', _rev: 2 });
      expect(await merged.collection('cards').get('c1')).toEqual({ _id: 'c1', points: 3, _rev: 1 });
      await expect(mergedUsers.insert({ _id: 'u2', email: 'ala@example.pl' })).rejects.toMatchObject({
        index: 'email_1',
      });
      expect(await store.readStream('card-1')).toHaveLength(1);
    } finally {
      await merged.close();
      await store.close();
    }
  });

  it('only renames when a crash came between the copy and the rename', async () => {
    const old = SqliteDocumentStore.open(join(dir, 'documents.db'));
    await old.collection('cards').insert({ _id: 'c1' });
    await old.close();
    mergeDocumentsFile(join(dir, 'documents.db'), join(dir, 'events.db'));
    // the older file is back as if the rename had not happened
    const { renameSync } = await import('node:fs');
    renameSync(join(dir, 'documents.db.merged'), join(dir, 'documents.db'));
    expect(mergeDocumentsFile(join(dir, 'documents.db'), join(dir, 'events.db'))).toBe(false);
    const merged = SqliteDocumentStore.open(join(dir, 'events.db'));
    try {
      expect(await merged.collection('cards').count()).toBe(1);
    } finally {
      await merged.close();
    }
  });
});
