import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { ConcurrencyError } from '@punkto/platform/errors/errors';
import { randomToken, sha256 } from '../security/secrets';

/**
 * Single-use, expiring tokens sent in e-mail links — ONE collection (`user-tokens`) with a `purpose`:
 * - `activation` — activates a new account (`/aktywacja-konta?token=…`);
 * - `email-change` — confirms a new e-mail address (`/aktywacja-konta?token=…&cel=email`); it is accepted by
 *   the same POST /users/activate-account call, which tells the two apart by the stored purpose;
 * - `password-reset` — accepted by POST /users/reset-password (`/reset-hasla?token=…`);
 * - `invitation` — the set-password link of an account a company created (an invited employee, a client
 *   enrolled by e-mail; `/reset-hasla?token=…&zaproszenie=pracownik|klient`), accepted by POST /users/reset-password too,
 *   which also activates the account. Longer-lived than a reset link (INVITATION_TOKEN_TTL_SECONDS).
 * Stored as SHA-256; issuing a new token of a purpose invalidates the person's older ones of that purpose,
 * except `activation` (ADR 0041): a resent activation link leaves the older ones valid until they expire (each
 * only activates the account the mailbox already proved, so a person who opens the first e-mail after pressing
 * „Wyślij ponownie” is not refused). Consuming deletes the token with a revision check, so of two concurrent
 * uses only one succeeds.
 */
export type TokenPurpose = 'activation' | 'email-change' | 'password-reset' | 'invitation';

type ActionTokenDoc = {
  _id: string;
  purpose: TokenPurpose;
  userId: string;
  /** the address the link was sent to (the new address for `email-change`) */
  email: string;
  createdAt: string;
  expiresAt: string;
};

export interface ConsumedToken {
  purpose: TokenPurpose;
  userId: string;
  email: string;
}

export function actionTokens(documents: DocumentStore) {
  const tokens = documents.collection<ActionTokenDoc>('user-tokens');
  return {
    async ensureIndexes() {
      await tokens.ensureIndex({ fields: { userId: 1, purpose: 1 } });
    },

    async issue(input: {
      purpose: TokenPurpose;
      userId: string;
      email: string;
      now: Date;
      ttlSeconds: number;
    }) {
      // every activation link stays valid until it expires (ADR 0041); other purposes keep only the newest
      if (input.purpose !== 'activation') await this.revoke(input.userId, input.purpose);
      const token = randomToken();
      await tokens.insert({
        _id: sha256(token),
        purpose: input.purpose,
        userId: input.userId,
        email: input.email,
        createdAt: input.now.toISOString(),
        expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000).toISOString(),
      });
      return token;
    },

    /** Uses the token up. Null when unknown, already used, expired or of another purpose. */
    async consume(token: string, purposes: TokenPurpose[], now: Date): Promise<ConsumedToken | null> {
      const stored = await tokens.get(sha256(token));
      if (!stored || !purposes.includes(stored.purpose)) return null;
      if (new Date(stored.expiresAt) <= now) {
        await tokens.delete(stored._id);
        return null;
      }
      try {
        if (!(await tokens.delete(stored._id, { expectedRevision: stored._rev }))) return null;
      } catch (error) {
        if (error instanceof ConcurrencyError) return null;
        throw error;
      }
      return { purpose: stored.purpose, userId: stored.userId, email: stored.email };
    },

    /** Invalidates the person's tokens (of one purpose, or all of them). */
    async revoke(userId: string, purpose?: TokenPurpose) {
      for (const doc of await tokens.find(purpose ? { userId, purpose } : { userId }))
        await tokens.delete(doc._id);
    },
  };
}
export type ActionTokens = ReturnType<typeof actionTokens>;
