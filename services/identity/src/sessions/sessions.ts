import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { ConcurrencyError } from '@punkto/platform/errors/errors';
import { retryLostRace } from '@punkto/platform/errors/lost-race';
import { randomUUID } from 'node:crypto';
import { randomToken, sha256 } from '../security/secrets';

/**
 * Refresh-token sessions (ephemeral technical state, document store):
 * - `session-families` — one per login: `{userId, createdAt, expiresAt (absolute), revokedAt}`;
 * - `refresh-tokens` — `_id` = SHA-256 of the opaque token: `{familyId, userId, expiresAt, rotatedAt}`.
 * Every refresh rotates: the presented token is marked rotated (revision-checked, so of two concurrent uses
 * exactly one wins) and a new token of the same family is issued. Presenting a rotated token again is
 * reuse — a stolen token or a replay — and revokes the whole family.
 */
type FamilyDoc = {
  _id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
};
type RefreshTokenDoc = {
  _id: string;
  familyId: string;
  userId: string;
  issuedAt: string;
  expiresAt: string;
  rotatedAt: string | null;
};

export interface SessionTimes {
  refreshTtlSeconds: number;
  sessionMaxAgeSeconds: number;
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string; token: string; expiresAt: Date }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; familyId?: string };

/** Told of every session this store ends, once (identity records SessionsRevoked for the other services). */
export type OnSessionRevoked = (revoked: {
  userId: string;
  familyId: string;
  reason: string;
  now: Date;
}) => Promise<void>;

/** a new refresh token of the family, valid for the refresh TTL but never past the family's end */
async function issueRefreshToken(
  tokens: Collection<RefreshTokenDoc>,
  times: SessionTimes,
  family: { familyId: string; userId: string; expiresAt: Date },
  now: Date,
) {
  const { familyId, userId } = family;
  const familyExpiresAt = family.expiresAt;
  const token = randomToken();
  const expiresAt = new Date(
    Math.min(now.getTime() + times.refreshTtlSeconds * 1000, familyExpiresAt.getTime()),
  );
  await tokens.insert({
    _id: sha256(token),
    familyId,
    userId,
    issuedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    rotatedAt: null,
  });
  return { token, expiresAt };
}

/** marks the family revoked; the user it belonged to when this call ended it, null when it was already over */
async function markRevoked(
  families: Collection<FamilyDoc>,
  familyId: string,
  now: Date,
  reason: string,
): Promise<string | null> {
  const attempt = async () => {
    const family = await families.get(familyId);
    if (!family || family.revokedAt) return null;
    await families.update(
      { ...family, revokedAt: now.toISOString(), revokedReason: reason },
      { expectedRevision: family._rev },
    );
    return family.userId;
  };
  const isLost = (error: unknown) => error instanceof ConcurrencyError;
  // five lost races: other writers keep changing the family; its tokens are deleted all the same
  return retryLostRace(attempt, { maxAttempts: 5, isLost }).catch((error: unknown) => {
    if (isLost(error)) return null;
    throw error;
  });
}

export function sessionStore(documents: DocumentStore, times: SessionTimes, onRevoked?: OnSessionRevoked) {
  const families = documents.collection<FamilyDoc>('session-families');
  const tokens = documents.collection<RefreshTokenDoc>('refresh-tokens');

  const issueToken = (familyId: string, userId: string, now: Date, familyExpiresAt: Date) =>
    issueRefreshToken(tokens, times, { familyId, userId, expiresAt: familyExpiresAt }, now);

  async function revokeFamily(familyId: string, now: Date, reason: string) {
    const revokedOf = await markRevoked(families, familyId, now, reason);
    for (const token of await tokens.find({ familyId })) await tokens.delete(token._id);
    // only the call that ended the session reports it: one SessionsRevoked per session
    if (revokedOf && onRevoked) await onRevoked({ userId: revokedOf, familyId, reason, now });
  }

  return {
    async ensureIndexes() {
      await families.ensureIndex({ fields: { userId: 1 } });
      await tokens.ensureIndex({ fields: { familyId: 1 } });
    },

    /** A new session at login. */
    async start(userId: string, now: Date) {
      const familyId = randomUUID();
      const familyExpiresAt = new Date(now.getTime() + times.sessionMaxAgeSeconds * 1000);
      await families.insert({
        _id: familyId,
        userId,
        createdAt: now.toISOString(),
        expiresAt: familyExpiresAt.toISOString(),
        revokedAt: null,
        revokedReason: null,
      });
      return { familyId, ...(await issueToken(familyId, userId, now, familyExpiresAt)) };
    },

    async rotate(presented: string, now: Date): Promise<RotateResult> {
      const stored = await tokens.get(sha256(presented));
      if (!stored) return { ok: false, reason: 'unknown' };
      const family = await families.get(stored.familyId);
      if (!family || family.revokedAt) return { ok: false, reason: 'revoked', familyId: stored.familyId };
      if (stored.rotatedAt) {
        await revokeFamily(stored.familyId, now, 'refresh-token-reuse');
        return { ok: false, reason: 'reused', familyId: stored.familyId };
      }
      const familyExpiresAt = new Date(family.expiresAt);
      if (new Date(stored.expiresAt) <= now || familyExpiresAt <= now)
        return { ok: false, reason: 'expired', familyId: stored.familyId };
      try {
        await tokens.update({ ...stored, rotatedAt: now.toISOString() }, { expectedRevision: stored._rev });
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        // a concurrent use of the same token won: this one is a reuse
        await revokeFamily(stored.familyId, now, 'refresh-token-reuse');
        return { ok: false, reason: 'reused', familyId: stored.familyId };
      }
      const next = await issueToken(stored.familyId, stored.userId, now, familyExpiresAt);
      return { ok: true, userId: stored.userId, familyId: stored.familyId, ...next };
    },

    /** The family a (possibly rotated) refresh token belongs to, if still known. */
    async familyOf(presented: string): Promise<{ familyId: string; userId: string } | null> {
      const stored = await tokens.get(sha256(presented));
      return stored ? { familyId: stored.familyId, userId: stored.userId } : null;
    },

    revokeFamily,

    async isFamilyActive(familyId: string, now: Date): Promise<boolean> {
      const family = await families.get(familyId);
      return !!family && !family.revokedAt && new Date(family.expiresAt) > now;
    },

    /** Ends every session of the user (password reset, account deletion), except `keepFamilyId`. */
    async revokeAllOf(userId: string, now: Date, reason: string, keepFamilyId?: string) {
      for (const family of await families.find({ userId, revokedAt: null }))
        if (family._id !== keepFamilyId) await revokeFamily(family._id, now, reason);
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;
