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

export interface BlobStore {
  /** overwrites an existing key; durable once resolved */
  put(
    key: string,
    body: Buffer,
    options: { contentType: string; metadata?: Record<string, string> },
  ): Promise<BlobInfo>;
  get(key: string): Promise<Blob | null>;
  head(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<boolean>;
  list(prefix: string): Promise<BlobInfo[]>;
  close(): Promise<void>;
}
