import { dammCheckDigit } from '@punkto/contracts/cards';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The two ways a card is presented at the till, neither carrying personal data:
 *
 * - the human-readable number: 9 random digits (no leading 0) + a Damm check digit. Uniqueness is held by
 *   reserving the number in the document store before the card event is appended (card-issuing.ts, card-regenerate.ts);
 * - the QR payload `P1.<cardId>.<secretVersion>.<signature>`: signature = HMAC-SHA256(secret,
 *   `P1.<cardId>.<secretVersion>`), first 16 bytes, base64url (22 chars). Regenerating a card bumps
 *   `secretVersion`, so every older QR code stops verifying even though it was correctly signed.
 */

export function randomCardNumber(): string {
  const body = String(randomInt(100_000_000, 1_000_000_000)); // 9 digits, first one 1–9
  return body + String(dammCheckDigit(body));
}

const QR_PREFIX = 'P1';
const SIGNATURE_BYTES = 16;

function signature(secret: string, cardId: string, secretVersion: number): Buffer {
  return createHmac('sha256', secret)
    .update(`${QR_PREFIX}.${cardId}.${secretVersion}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}

export function signQr(secret: string, cardId: string, secretVersion: number): string {
  return `${QR_PREFIX}.${cardId}.${secretVersion}.${signature(secret, cardId, secretVersion).toString('base64url')}`;
}

/** The card id and version of a correctly signed payload, or null. The version is checked by the caller. */
export function verifyQr(secret: string, payload: string): { cardId: string; secretVersion: number } | null {
  const match = /^P1\.([A-Za-z0-9-]{1,64})\.([1-9]\d{0,8})\.([A-Za-z0-9_-]{22})$/.exec(payload.trim());
  if (!match) return null;
  const [, cardId, version, given] = match as unknown as [string, string, string, string];
  const secretVersion = Number(version);
  const expected = signature(secret, cardId, secretVersion);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { cardId, secretVersion };
}
