import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for links and cookies (256 bits, base64url). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256: a leaked collection does not hand out sessions or links. */
export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');
