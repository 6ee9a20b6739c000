import { GridFSBucket, MongoClient, type Db, type GridFSFile } from 'mongodb';
import { blobRecord, type BlobRecord } from './blob-record';
import { assertValidBlobKey, assertValidBlobPrefix } from './blob-key';
import type { Blob, BlobInfo, BlobStore, PutOptions } from './blob-store.port';

/**
 * Blob store on MongoDB GridFS (bucket `blobs` in the service's database), with the same key rules as the
 * file adapter (blob-key.ts).
 *
 * - A blob is one GridFS file: `filename` = key, `metadata` = { contentType, sha256, createdAt, metadata }.
 * - put() uploads a NEW file, then deletes the older files of that key: readers never see a half-written
 *   blob (GridFS writes the files document after the last chunk), and until the old ones are gone the
 *   newest upload wins (sorted by uploadDate, then _id). A crash between the two leaves an orphaned older
 *   version that the next put or delete of that key removes.
 * - list() is a prefix scan on `filename` (anchored, escaped regex over GridFS's filename index).
 */

const BUCKET = 'blobs';

export interface GridFsBlobStoreOptions {
  url: string;
  database: string;
  /** pass a shared client instead of opening one (then close() does not close it) */
  client?: MongoClient;
}

export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly ownsClient: boolean,
  ) {
    this.bucket = new GridFSBucket(db, { bucketName: BUCKET });
  }

  static async open(options: GridFsBlobStoreOptions): Promise<GridFsBlobStore> {
    const ownsClient = options.client === undefined;
    const client = options.client ?? new MongoClient(options.url, { serverSelectionTimeoutMS: 10_000 });
    if (ownsClient) await client.connect();
    return new GridFsBlobStore(client, client.db(options.database), ownsClient);
  }

  async put(key: string, body: Buffer, options: PutOptions): Promise<BlobInfo> {
    assertValidBlobKey(key);
    const meta = blobRecord(body, options);
    const upload = this.bucket.openUploadStream(key, { metadata: meta });
    await new Promise<void>((resolve, reject) => {
      upload.once('error', reject);
      upload.once('finish', () => resolve());
      upload.end(body);
    });
    const id = upload.id;
    for (const old of await this.files(key)) {
      if (!old._id.equals(id)) await this.bucket.delete(old._id).catch(ignoreMissing);
    }
    return { key, size: body.length, ...meta, metadata: { ...meta.metadata } };
  }

  async get(key: string): Promise<Blob | null> {
    assertValidBlobKey(key);
    // the newest version may be replaced (deleted) between finding and reading it: look again
    for (let attempt = 0; attempt < 3; attempt++) {
      const [file] = await this.files(key);
      if (!file) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
        return { ...toInfo(file), body: Buffer.concat(chunks) };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return null;
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidBlobKey(key);
    const [file] = await this.files(key);
    return file ? toInfo(file) : null;
  }

  async delete(key: string): Promise<boolean> {
    assertValidBlobKey(key);
    const files = await this.files(key);
    for (const file of files) await this.bucket.delete(file._id).catch(ignoreMissing);
    return files.length > 0;
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    assertValidBlobPrefix(prefix);
    const files = await this.bucket
      .find(prefix === '' ? {} : { filename: { $regex: `^${escapeRegex(prefix)}` } })
      .sort({ filename: 1, uploadDate: -1, _id: -1 })
      .toArray();
    const newest = new Map<string, GridFSFile>();
    for (const file of files) if (!newest.has(file.filename)) newest.set(file.filename, file);
    return [...newest.values()].map(toInfo).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }

  /** every stored version of a key, newest first */
  private files(key: string): Promise<GridFSFile[]> {
    return this.bucket.find({ filename: key }).sort({ uploadDate: -1, _id: -1 }).toArray();
  }

  get database(): Db {
    return this.db;
  }
}

function toInfo(file: GridFSFile): BlobInfo {
  const meta = (file.metadata ?? {}) as Partial<BlobRecord>;
  return {
    key: file.filename,
    contentType: meta.contentType ?? 'application/octet-stream',
    size: file.length,
    sha256: meta.sha256 ?? '',
    createdAt: meta.createdAt ?? file.uploadDate.toISOString(),
    metadata: { ...(meta.metadata ?? {}) },
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function isMissing(error: unknown): boolean {
  return /FileNotFound|file not found|ENOENT/i.test(String((error as Error)?.message ?? error));
}

function ignoreMissing(error: unknown): void {
  if (!isMissing(error)) throw error;
}
