import { mkdir, open, readdir, readFile, rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { blobRecord } from './blob-record';
import { assertValidBlobKey, assertValidBlobPrefix, isValidBlobKey } from './blob-key';
import type { Blob, BlobInfo, BlobStore, PutOptions } from './blob-store.port';
import { writeFileAtomically } from '../files/write-atomically';

/**
 * Embedded BlobStore: plain files under `dir`, browsable by key.
 *
 * Layout for key `tenants/t1/logo.png`:
 *   tenants/t1/logo.png.meta.json          sidecar {key, contentType, size, sha256, createdAt, metadata}
 *   tenants/t1/logo.png.<sha256>.blob       the bytes, named by content
 *
 * The sidecar is the commit record: `put` writes the content file, then atomically replaces the sidecar,
 * then removes the previous content file. A reader therefore always sees one complete version, and a crash
 * at any point leaves either the old or the new blob (plus at worst an orphan `.blob`, never read).
 * Every file is written to `.tmp/`, fsynced, renamed into place, and its directory fsynced.
 *
 * Keys follow `blob-key.ts`. Since no segment ends with `.blob` / `.meta.json`, a directory never collides
 * with a file (`a/b` and `a/b/c` can coexist), and since no segment starts with a dot, `.tmp/` is ours.
 */
export class FileBlobStore implements BlobStore {
  private constructor(private readonly root: string) {}

  static async open(dir: string): Promise<FileBlobStore> {
    await mkdir(join(dir, TMP_DIR), { recursive: true });
    return new FileBlobStore(dir);
  }

  async put(key: string, body: Buffer, options: PutOptions): Promise<BlobInfo> {
    assertValidBlobKey(key);
    const { contentType, ...record } = blobRecord(body, options);
    const info: BlobInfo = { key, contentType, size: body.length, ...record };
    const previous = await this.readInfo(key);
    await mkdir(dirname(this.metaPath(key)), { recursive: true });
    await this.writeAtomically(this.dataPath(key, info.sha256), body);
    await this.writeAtomically(this.metaPath(key), Buffer.from(JSON.stringify(info, null, 2)));
    if (previous && previous.sha256 !== info.sha256)
      await unlink(this.dataPath(key, previous.sha256)).catch(ignoreMissing);
    return info;
  }

  async get(key: string): Promise<Blob | null> {
    assertValidBlobKey(key);
    // Retry once: a concurrent overwrite may remove the content file between reading the sidecar and it.
    for (let attempt = 0; attempt < 2; attempt++) {
      const info = await this.readInfo(key);
      if (!info) return null;
      try {
        return { ...info, body: await readFile(this.dataPath(key, info.sha256)) };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return null;
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidBlobKey(key);
    return this.readInfo(key);
  }

  async delete(key: string): Promise<boolean> {
    assertValidBlobKey(key);
    const info = await this.readInfo(key);
    if (!info) return false;
    await unlink(this.metaPath(key)); // the commit point
    await fsyncDir(dirname(this.metaPath(key)));
    await unlink(this.dataPath(key, info.sha256)).catch(ignoreMissing);
    await this.pruneEmptyDirs(dirname(this.metaPath(key)));
    return true;
  }

  /** Every blob whose key starts with `prefix` (a plain string prefix, like S3), sorted by key. */
  async list(prefix: string): Promise<BlobInfo[]> {
    assertValidBlobPrefix(prefix);
    const startDir = join(this.root, ...prefix.split('/').slice(0, -1));
    const infos: BlobInfo[] = [];
    for (const file of await walk(startDir)) {
      if (!file.endsWith(META_SUFFIX)) continue;
      const key = relative(this.root, file).split(sep).join('/').slice(0, -META_SUFFIX.length);
      if (!key.startsWith(prefix) || !isValidBlobKey(key)) continue;
      const info = await this.readInfo(key);
      if (info) infos.push(info);
    }
    return infos.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async close(): Promise<void> {
    // nothing is held open between calls
  }

  private metaPath(key: string): string {
    return join(this.root, ...key.split('/')) + META_SUFFIX;
  }

  private dataPath(key: string, sha256: string): string {
    return `${join(this.root, ...key.split('/'))}.${sha256}${DATA_SUFFIX}`;
  }

  private async readInfo(key: string): Promise<BlobInfo | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as BlobInfo;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private writeAtomically(target: string, body: Buffer): Promise<void> {
    return writeFileAtomically(join(this.root, TMP_DIR, uuidv7()), target, body);
  }

  private async pruneEmptyDirs(dir: string): Promise<void> {
    let current = dir;
    while (current !== this.root && current.startsWith(this.root)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or gone): stop
      }
      current = dirname(current);
    }
  }

  /** Removes leftovers of interrupted writes; safe to call when nothing else writes. */
  async sweepTemporaryFiles(): Promise<void> {
    await rm(join(this.root, TMP_DIR), { recursive: true, force: true });
    await mkdir(join(this.root, TMP_DIR), { recursive: true });
  }
}

const TMP_DIR = '.tmp';
const META_SUFFIX = '.meta.json';
const DATA_SUFFIX = '.blob';

async function walk(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue; // .tmp and anything hidden
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}
