import {
  SessionsRevokedData,
  UserDeletedData,
  UserPermissionsChangedData,
  UserTenantUnassignedData,
} from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { z } from 'zod';
import type { DocumentStore } from '../documents/document-store.port';
import type { Logger } from '../observability/logger';
import type { ConsumerSpec } from '../runtime/run-service';
import {
  isRevokedBy,
  mergeEntry,
  type RevocableClaims,
  type RevocationEntry,
  type RevocationKey,
} from './token-standing';

export type { RevocableClaims } from './token-standing';

/**
 * Access tokens that stopped counting before they expire (issue 15 finding 4, ADR 0010). Every service
 * verifies identity's access tokens itself, so without this a token stayed good for its whole life (30 min)
 * after logout, a refresh-token reuse, or the removal of an employee. identity records `SessionsRevoked`
 * (the token's `sid`) and `UserDeleted` (every token of the user issued until then) on identity.users.v1;
 * each service reads them with its own consumer group and keeps them:
 * - in memory, for the hot path: one Map lookup per request, no IO;
 * - in its document store (`access-revocations`), so a restart loads them again;
 * - only as long as a token they name can still be alive (`revokedAt` + the longest access-token life).
 * A change of what a user's tokens grant (UserPermissionsChanged, UserTenantUnassigned, ADR 0038) is kept the
 * same way, as the user's latest access version: a token issued below it counts as none, so the person's next
 * call refreshes the token (their session goes on) and gets the new permissions.
 */
type RevocationDoc = { _id: string; revokedAt: string; expiresAt: string; version?: number };

const RevocationEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SessionsRevoked'), data: SessionsRevokedData }),
  z.object({ type: z.literal('UserDeleted'), data: UserDeletedData }),
  z.object({ type: z.literal('UserPermissionsChanged'), data: UserPermissionsChangedData }),
  z.object({ type: z.literal('UserTenantUnassigned'), data: UserTenantUnassignedData }),
]);
type RevocationEvent = z.infer<typeof RevocationEvent>;

/** What an event of identity.users.v1 revokes: keys, when, and the access version it sets. */
function revocationsIn(event: RevocationEvent): Array<{ key: RevocationKey; at: string; version?: number }> {
  switch (event.type) {
    case 'SessionsRevoked':
      return event.data.sessionIds.map((id) => ({ key: `sid:${id}` as const, at: event.data.revokedAt }));
    case 'UserDeleted':
      return [{ key: `user:${event.data.userId}`, at: event.data.deletedAt }];
    case 'UserPermissionsChanged':
    case 'UserTenantUnassigned': {
      const { userId, accessVersion } = event.data;
      const at = 'changedAt' in event.data ? event.data.changedAt : event.data.unassignedAt;
      // recorded before access versions existed: no token names a version to compare with
      return accessVersion === undefined ? [] : [{ key: `access:${userId}`, at, version: accessVersion }];
    }
  }
}

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
  /** `sid:<id>` / `user:<id>` / `access:<id>` → when, until when, the access version */
  const revoked = new Map<string, RevocationEntry>();
  const now0 = clock();
  for (const doc of await stored.find({ expiresAt: { $gt: now0.toISOString() } }))
    revoked.set(doc._id, {
      at: Date.parse(doc.revokedAt),
      until: Date.parse(doc.expiresAt),
      ...(doc.version !== undefined && { version: doc.version }),
    });
  let lastSweep = now0.getTime();

  function remember(key: RevocationKey, revokedAt: Date, version?: number): RevocationDoc {
    const at = revokedAt.getTime();
    const entry = mergeEntry(revoked.get(key), {
      at,
      until: at + keepMs,
      ...(version !== undefined && { version }),
    });
    revoked.set(key, entry);
    return {
      _id: key,
      revokedAt: new Date(entry.at).toISOString(),
      expiresAt: new Date(entry.until).toISOString(),
      ...(entry.version !== undefined && { version: entry.version }),
    };
  }

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    for (const [key, entry] of revoked) if (entry.until <= now.getTime()) revoked.delete(key);
    for (const doc of await stored.find({ expiresAt: { $lt: now.toISOString() } }, { limit: 500 }))
      await stored.delete(doc._id);
  }

  const self = {
    /** The hot path (Map lookups, no IO): is this verified token's session or user revoked, its access stale? */
    isRevoked(claims: RevocableClaims): boolean {
      return isRevokedBy(claims, (key) => revoked.get(key));
    },

    /** Applies a revocation in memory at once (identity, for its own sessions) — not stored. */
    revokeSessions(sessionIds: string[], at: Date) {
      for (const id of sessionIds) remember(`sid:${id}`, at);
    },

    /** Applies and stores one event of identity.users.v1 (others are ignored). */
    async apply(value: unknown) {
      const parsed = RevocationEvent.safeParse(value);
      if (!parsed.success) return;
      const docs = revocationsIn(parsed.data).map(({ key, at, version }) =>
        remember(key, new Date(at), version),
      );
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
