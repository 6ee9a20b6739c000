/** W3C Trace Context + request id helpers (SPEC §7: tracing headers on every call). */

type RandomSource = { getRandomValues(array: Uint8Array<ArrayBuffer>): unknown };

const defaultRandom = (): RandomSource => globalThis.crypto;

function randomHex(bytes: number, random: RandomSource): string {
  const buffer = new Uint8Array(bytes);
  // An all-zero trace id or parent id is invalid per W3C Trace Context: draw again.
  do {
    random.getRandomValues(buffer);
  } while (buffer.every((byte) => byte === 0));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A fresh sampled `traceparent`: `00-<32 hex trace id>-<16 hex parent id>-01`. */
export function createTraceparent(random: RandomSource = defaultRandom()): string {
  return `00-${randomHex(16, random)}-${randomHex(8, random)}-01`;
}

/** RFC 4122 version 4 UUID from getRandomValues (randomUUID needs a secure context). */
export function createRequestId(random: RandomSource = defaultRandom()): string {
  const bytes = new Uint8Array(16);
  random.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const TRACEPARENT_PATTERN = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;
