import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { mutateDocument } from './mutate-document';
import { SqliteDocumentStore } from './sqlite-document-store';

it('lets 100 concurrent writers of one document all write within a few attempts each', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-mutate-'));
  const store = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
  try {
    const docs = store.collection<{ _id: string; items: number[] }>('hot');
    // 100 writers that all read the same revision would lose round after round without the retry queue
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        mutateDocument(docs, 'one', (current) => ({ _id: 'one', items: [...(current?.items ?? []), i] }), 5),
      ),
    );
    expect((await docs.get('one'))?.items.sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});
