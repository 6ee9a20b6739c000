import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError } from './blob-key';
import type { BlobStore } from './blob-store.port';

/**
 * The ONE contract every BlobStore adapter passes (files now, GridFS later), through the port only.
 * `harness()` gives a fresh, empty location; `open()` may be called again on it (close + open = restart).
 */
export interface BlobStoreHarness {
  open(): Promise<BlobStore>;
  cleanup(): Promise<void>;
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 255]);
const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

export function blobStoreContract(adapterName: string, harness: () => Promise<BlobStoreHarness>): void {
  describe(`BlobStore contract: ${adapterName}`, () => {
    let env: BlobStoreHarness;
    let store: BlobStore;

    beforeEach(async () => {
      env = await harness();
      store = await env.open();
    });

    afterEach(async () => {
      await store.close();
      await env.cleanup();
    });

    it('put returns the info and get returns the same bytes with it', async () => {
      const info = await store.put('tenants/t1/logo.png', png, {
        contentType: 'image/png',
        metadata: { alt: 'Logo kawiarni Żółw' },
      });
      expect(info).toMatchObject({
        key: 'tenants/t1/logo.png',
        contentType: 'image/png',
        size: png.length,
        sha256: sha256(png),
        metadata: { alt: 'Logo kawiarni Żółw' },
      });
      expect(Number.isNaN(Date.parse(info.createdAt))).toBe(false);
      const blob = await store.get('tenants/t1/logo.png');
      expect(blob?.body.equals(png)).toBe(true);
      expect(blob).toMatchObject(info);
    });

    it('metadata defaults to an empty object and empty bodies are fine', async () => {
      const info = await store.put('empty.txt', Buffer.alloc(0), { contentType: 'text/plain' });
      expect(info).toMatchObject({ size: 0, metadata: {} });
      expect((await store.get('empty.txt'))?.body.length).toBe(0);
    });

    it('head returns the info without the body', async () => {
      const info = await store.put('a/b.png', png, { contentType: 'image/png' });
      const head = await store.head('a/b.png');
      expect(head).toEqual(info);
      expect(head).not.toHaveProperty('body');
    });

    it('get and head of a missing key return null', async () => {
      expect(await store.get('missing.png')).toBeNull();
      expect(await store.head('missing/deeper.png')).toBeNull();
    });

    it('put overwrites the bytes, content type and metadata of an existing key', async () => {
      await store.put('hero.jpg', png, { contentType: 'image/png', metadata: { v: '1' } });
      const next = Buffer.from('JPEG bytes');
      const info = await store.put('hero.jpg', next, { contentType: 'image/jpeg', metadata: { v: '2' } });
      expect(info).toMatchObject({
        size: next.length,
        sha256: sha256(next),
        contentType: 'image/jpeg',
        metadata: { v: '2' },
      });
      const blob = await store.get('hero.jpg');
      expect(blob?.body.toString()).toBe('JPEG bytes');
      expect(blob?.metadata).toEqual({ v: '2' });
      expect(await store.list('hero')).toHaveLength(1);
    });

    it('delete removes the blob and reports whether it existed', async () => {
      await store.put('x/y/z.png', png, { contentType: 'image/png' });
      expect(await store.delete('x/y/z.png')).toBe(true);
      expect(await store.get('x/y/z.png')).toBeNull();
      expect(await store.delete('x/y/z.png')).toBe(false);
      expect(await store.list('')).toEqual([]);
    });

    it('list returns the blobs whose key starts with the prefix, sorted by key', async () => {
      for (const key of [
        'tenants/t1/logo.png',
        'tenants/t1/hero/1.jpg',
        'tenants/t10/logo.png',
        'tenants/t2/logo.png',
        'other.txt',
      ]) {
        await store.put(key, Buffer.from(key), { contentType: 'application/octet-stream' });
      }
      const keys = async (prefix: string) => (await store.list(prefix)).map((info) => info.key);
      expect(await keys('tenants/t1/')).toEqual(['tenants/t1/hero/1.jpg', 'tenants/t1/logo.png']);
      expect(await keys('tenants/t1')).toEqual([
        'tenants/t1/hero/1.jpg',
        'tenants/t1/logo.png',
        'tenants/t10/logo.png',
      ]);
      expect(await keys('tenants/t1/hero/1')).toEqual(['tenants/t1/hero/1.jpg']);
      expect(await keys('')).toHaveLength(5);
      expect(await keys('nothing/')).toEqual([]);
      const [first] = await store.list('tenants/t2/');
      expect(first).toMatchObject({ key: 'tenants/t2/logo.png', size: 'tenants/t2/logo.png'.length });
      expect(first).not.toHaveProperty('body');
    });

    it('a key and keys below it can coexist', async () => {
      await store.put('a/b', Buffer.from('parent'), { contentType: 'text/plain' });
      await store.put('a/b/c', Buffer.from('child'), { contentType: 'text/plain' });
      expect((await store.get('a/b'))?.body.toString()).toBe('parent');
      expect((await store.get('a/b/c'))?.body.toString()).toBe('child');
    });

    it.each([
      '',
      '../escape.png',
      'a/../../b',
      '/etc/passwd',
      'a//b',
      'a/./b',
      '.hidden',
      'a/',
      'a\\b',
      'C:\\x',
      'ą.png',
      'x.blob',
      'y.meta.json',
      'a b',
    ])('rejects the invalid key %j everywhere', async (key) => {
      await expect(store.put(key, png, { contentType: 'image/png' })).rejects.toBeInstanceOf(
        InvalidBlobKeyError,
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.head(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    it('rejects list prefixes that climb out', async () => {
      await expect(store.list('../')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.list('/abs')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    it('blobs survive close and open', async () => {
      const info = await store.put('tenants/t1/logo.png', png, {
        contentType: 'image/png',
        metadata: { a: 'b' },
      });
      await store.close();
      store = await env.open();
      const blob = await store.get('tenants/t1/logo.png');
      expect(blob?.body.equals(png)).toBe(true);
      expect(await store.head('tenants/t1/logo.png')).toEqual(info);
    });
  });
}
