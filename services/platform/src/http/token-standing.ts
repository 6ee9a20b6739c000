/**
 * Whether a verified access token still counts, from what this service has read on identity.users.v1 (pure;
 * access-revocations.ts keeps the entries, ADR 0010 and 0038). Keys: `sid:<session>` (SessionsRevoked),
 * `user:<id>` (UserDeleted), `access:<id>` (UserPermissionsChanged / UserTenantUnassigned: the user's latest
 * access version).
 */
export interface RevocableClaims {
  sub: string;
  sid?: string;
  /** seconds since the epoch */
  iat?: number;
  /** the access version the token was issued at; tokens issued before versions existed have none (0) */
  av?: number;
}

export interface RevocationEntry {
  /** when it happened (ms since the epoch) */
  at: number;
  /** until when a token it names can still be alive (ms): the entry is forgotten after */
  until: number;
  /** `access:` entries: the user's access version since `at` */
  version?: number;
}

export type RevocationKey = `sid:${string}` | `user:${string}` | `access:${string}`;

/** True when the token's session ended, its user was deleted after it was issued, or its access changed since. */
export function isRevokedBy(
  claims: RevocableClaims,
  entryOf: (key: RevocationKey) => RevocationEntry | undefined,
): boolean {
  if (claims.sid && entryOf(`sid:${claims.sid}`)) return true;
  const user = entryOf(`user:${claims.sub}`);
  if (user && (claims.iat === undefined || claims.iat * 1000 <= user.at)) return true;
  const access = entryOf(`access:${claims.sub}`);
  return access?.version !== undefined && (claims.av ?? 0) < access.version;
}

/**
 * The entry to keep when another event names the same key: the newer revocation, or the higher access
 * version (events may arrive twice or late; a lower version never undoes a higher one).
 */
export function mergeEntry(known: RevocationEntry | undefined, next: RevocationEntry): RevocationEntry {
  if (!known) return next;
  if (next.version !== undefined || known.version !== undefined) {
    const higher = (next.version ?? 0) > (known.version ?? 0) ? next : known;
    return { ...higher, until: Math.max(known.until, next.until) };
  }
  return known.at < next.at ? next : known;
}
