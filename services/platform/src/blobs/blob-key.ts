/**
 * Blob keys, shared by every BlobStore adapter so keys valid in one are valid in all.
 *
 * A key is `/`-separated segments of `[A-Za-z0-9_][A-Za-z0-9._-]*` (at most 128 characters each, 1024 in
 * all): no leading dot (so no `.`, `..` or hidden files), no absolute paths, no empty segments, no
 * backslashes. Segments may not end with `.blob` or `.meta.json`, which the file adapter reserves.
 * Example: `tenants/0196…/logo.png`.
 */

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`invalid blob key ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

export const RESERVED_SUFFIXES = ['.blob', '.meta.json'] as const;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const PREFIX = /^[A-Za-z0-9._/-]{0,1024}$/;

export function isValidBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key
    .split('/')
    .every(
      (segment) => SEGMENT.test(segment) && !RESERVED_SUFFIXES.some((suffix) => segment.endsWith(suffix)),
    );
}

export function assertValidBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new InvalidBlobKeyError(key);
}

/** A list prefix is any string that could start a key; `''` lists everything. */
export function assertValidBlobPrefix(prefix: string): void {
  if (
    !PREFIX.test(prefix) ||
    prefix.startsWith('/') ||
    prefix.split('/').some((s) => s === '..' || s === '.')
  ) {
    throw new InvalidBlobKeyError(prefix);
  }
}
