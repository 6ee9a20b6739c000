/** Blob store port: immutable-ish files (logos, hero images, pass assets) by key. */

export interface BlobInfo {
  key: string;
  contentType: string;
  size: number;
  /** sha-256 hex, usable as an ETag */
  sha256: string;
  createdAt: string;
  metadata: Record<string, string>;
}

export interface Blob extends BlobInfo {
  body: Buffer;
}

/** What a caller says of a blob it puts: its content type and its own metadata. */
export type PutOptions = { contentType: string; metadata?: Record<string, string> };

export interface BlobStore {
  /** overwrites an existing key; durable once resolved */
  put(key: string, body: Buffer, options: PutOptions): Promise<BlobInfo>;
  get(key: string): Promise<Blob | null>;
  head(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<boolean>;
  list(prefix: string): Promise<BlobInfo[]>;
  close(): Promise<void>;
}
