import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for personal data inside events. A sealed value is a string
 * `pii:v1:<iv>:<tag>:<ciphertext>` (base64url parts), so it survives JSON round trips in every event store.
 * The person's id is bound as additional authenticated data: a value copied into another person's event
 * does not decrypt.
 */
const PREFIX = 'pii:v1:';

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

export function seal(key: Buffer, personId: string, plaintext: string): string {
  if (key.length !== 32) throw new RangeError('AES-256 needs a 32-byte key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(personId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
}

/** Throws when the value was not sealed with this key for this person (or was tampered with). */
export function unseal(key: Buffer, personId: string, sealed: string): string {
  if (!isSealed(sealed)) throw new Error('not a sealed value');
  const [iv, tag, ciphertext] = sealed.slice(PREFIX.length).split(':');
  if (!iv || !tag || ciphertext === undefined) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(personId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
