import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the library defaults (m = 19 MiB, t = 2, p = 1: OWASP's baseline). The hash string carries its
 * parameters, so raising them later only affects new hashes.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** burns the same time as a real verification (unknown e-mail at login) */
  verifyNothing(password: string): Promise<false>;
}

const ARGON2ID = 2 as Algorithm;

export function argon2idHasher(): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hashIt = (password: string) => hash(password, { algorithm: ARGON2ID });
  return {
    hash: hashIt,
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    async verifyNothing(password) {
      dummy ??= hashIt('punkto-timing-equaliser');
      await verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
