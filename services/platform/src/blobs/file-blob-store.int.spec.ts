import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract';
import { FileBlobStore } from './file-blob-store';

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'punkto-blobs-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

blobStoreContract('files', async () => {
  const { dir, cleanup } = await tempDir();
  return { open: () => FileBlobStore.open(join(dir, 'blobs')), cleanup };
});

describe('FileBlobStore specifics', () => {
  it('keeps one content file per key, a readable sidecar, and no temporary files', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = await FileBlobStore.open(dir);
      await store.put('t/logo.png', Buffer.from('one'), { contentType: 'image/png' });
      const info = await store.put('t/logo.png', Buffer.from('two'), { contentType: 'image/png' });
      expect((await readdir(join(dir, 't'))).sort()).toEqual([
        `logo.png.${info.sha256}.blob`,
        'logo.png.meta.json',
      ]);
      expect(await readdir(join(dir, '.tmp'))).toEqual([]);
      await store.delete('t/logo.png');
      expect((await readdir(dir)).sort()).toEqual(['.tmp']); // empty key directories are pruned
    } finally {
      await cleanup();
    }
  });

  it('ignores an orphan content file left by a crash before the sidecar was written', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = await FileBlobStore.open(dir);
      const info = await store.put('logo.png', Buffer.from('committed'), { contentType: 'image/png' });
      await writeFile(join(dir, `logo.png.${'0'.repeat(64)}.blob`), 'half-written newer version');
      await writeFile(join(dir, '.tmp', 'leftover'), 'x');
      expect((await store.get('logo.png'))?.body.toString()).toBe('committed');
      expect(await store.list('')).toEqual([info]);
      await store.sweepTemporaryFiles();
      expect(await readdir(join(dir, '.tmp'))).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});
