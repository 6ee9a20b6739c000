import { SessionsRevokedData, UserDeletedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { z } from 'zod';
import type { DocumentStore } from '../documents/document-store.port';
import type { Logger } from '../observability/logger';
import type { ConsumerSpec } from '../runtime/run-service';

/**
 * Access tokens that stopped counting before they expire (issue 15 finding 4, ADR 0010). Every service
 * verifies identity's access tokens itself, so without this a token stayed good for its whole life (30 min)
 * after logout, a refresh-token reuse, or the removal of an employee. identity records `SessionsRevoked`
 * (the token's `sid`) and `UserDeleted` (every token of the user issued until then) on identity.users.v1;
 * each service reads them with its own consumer group and keeps them:
 * - in memory, for the hot path: one Map lookup per request, no IO;
 * - in its document store (`access-revocations`), so a restart loads them again;
 * - only as long as a token they name can still be alive (`revokedAt` + the longest access-token life).
 */
export interface RevocableClaims {
  sub: string;
  sid?: string;
  /** seconds since the epoch */
  iat?: number;
}

type RevocationDoc = { _id: string; revokedAt: string; expiresAt: string };

const RevocationEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SessionsRevoked'), data: SessionsRevokedData }),
  z.object({ type: z.literal('UserDeleted'), data: UserDeletedData }),
]);

export interface AccessRevocationOptions {
  /** the longest access-token life any issuer uses (identity's ACCESS_TOKEN_TTL_SECONDS can be at most this) */
  maxTokenLifeSeconds?: number;
  /** the process's one clock (ServiceDeps.clock) */
  clock: () => Date;
}

/** An access token lives at most 24 h here (identity's default is 30 min); longer revocations are kept for nothing. */
export const MAX_ACCESS_TOKEN_LIFE_SECONDS = 24 * 3600;

export async function accessRevocations(documents: DocumentStore, options: AccessRevocationOptions) {
  const { clock } = options;
  const keepMs = (options.maxTokenLifeSeconds ?? MAX_ACCESS_TOKEN_LIFE_SECONDS) * 1000;
  const stored = documents.collection<RevocationDoc>('access-revocations');
  await stored.ensureIndex({ fields: { expiresAt: 1 } });
  /** `sid:<id>` / `user:<id>` → revokedAt (ms) */
  const revoked = new Map<string, { at: number; until: number }>();
  const now0 = clock();
  for (const doc of await stored.find({ expiresAt: { $gt: now0.toISOString() } }))
    revoked.set(doc._id, { at: Date.parse(doc.revokedAt), until: Date.parse(doc.expiresAt) });
  let lastSweep = now0.getTime();

  function remember(key: string, revokedAt: Date) {
    const at = revokedAt.getTime();
    const until = at + keepMs;
    const known = revoked.get(key);
    if (!known || known.at < at) revoked.set(key, { at, until });
    return { _id: key, revokedAt: new Date(at).toISOString(), expiresAt: new Date(until).toISOString() };
  }

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    for (const [key, entry] of revoked) if (entry.until <= now.getTime()) revoked.delete(key);
    for (const doc of await stored.find({ expiresAt: { $lt: now.toISOString() } }, { limit: 500 }))
      await stored.delete(doc._id);
  }

  const self = {
    /** The hot path: is this verified token's session or user revoked? */
    isRevoked(claims: RevocableClaims): boolean {
      if (claims.sid && revoked.has(`sid:${claims.sid}`)) return true;
      const user = revoked.get(`user:${claims.sub}`);
      return !!user && (claims.iat === undefined || claims.iat * 1000 <= user.at);
    },

    /** Applies a revocation in memory at once (identity, for its own sessions) — not stored. */
    revokeSessions(sessionIds: string[], at: Date) {
      for (const id of sessionIds) remember(`sid:${id}`, at);
    },

    /** Applies and stores one event of identity.users.v1 (others are ignored). */
    async apply(value: unknown) {
      const parsed = RevocationEvent.safeParse(value);
      if (!parsed.success) return;
      const event = parsed.data;
      const docs =
        event.type === 'SessionsRevoked'
          ? event.data.sessionIds.map((id) => remember(`sid:${id}`, new Date(event.data.revokedAt)))
          : [remember(`user:${event.data.userId}`, new Date(event.data.deletedAt))];
      for (const doc of docs) await stored.upsert(doc);
      await sweep(clock());
    },

    /** This service's consumer of identity.users.v1 for revocations (its own group: every service sees all). */
    consumer(service: string, logger: Logger): ConsumerSpec {
      return {
        groupId: `${service}.access-revocations`,
        topics: [Topics.identityUsers],
        handler: async (message) => {
          await self.apply(message.value);
          logger.debug({ topic: message.topic }, 'access revocations read');
        },
      };
    },
  };
  return self;
}
export type AccessRevocations = Awaited<ReturnType<typeof accessRevocations>>;
