import { createHash } from 'node:crypto';
import type { BlobInfo, PutOptions } from './blob-store.port';

/** What a store records of a blob besides its key and size: the type, the body's sha-256, when, the metadata. */
export type BlobRecord = Omit<BlobInfo, 'key' | 'size'>;

/** The record of a blob being put now (its metadata copied, so the caller's object stays its own). */
export function blobRecord(body: Buffer, options: PutOptions): BlobRecord {
  return {
    contentType: options.contentType,
    sha256: createHash('sha256').update(body).digest('hex'),
    createdAt: new Date().toISOString(),
    metadata: { ...(options.metadata ?? {}) },
  };
}
