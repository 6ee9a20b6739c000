import type { UserPreferences } from '@punkto/contracts/identity';
import type { Role } from '@punkto/contracts/permissions';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { StoredEvent } from '@punkto/platform/event-store/event-store.port';
import { projectEvent, type ProjectionDoc, type Tombstone } from '@punkto/platform/projections/projection';
import type { UserEvent } from './user';

/**
 * The `users` read model: this service's own lookup table for login (by e-mail), `me`, tokens. Maintained
 * synchronously after each successful command, revision-checked (event N applies only to revision N-1), and
 * rebuildable from the `user-*` streams while the person keys exist.
 *
 * `email` is unique (lower case). A deleted account keeps a document without personal data whose e-mail is
 * the placeholder `deleted:<id>` — never a tombstone, so the unique index behaves the same on every adapter
 * and the real address is free to register again.
 */
export type UserStatus = 'pending_activation' | 'active' | 'deleted';

export interface UserRecord {
  userId: string;
  email: string;
  username: string;
  passwordHash: string;
  role: Role;
  tenantId: string | null;
  status: UserStatus;
  preferences: UserPreferences;
  pendingEmail: string | null;
  createdAt: string;
  updatedAt: string;
}

export type UserRecordDoc = ProjectionDoc<UserRecord> | Tombstone;

export const USERS_COLLECTION = 'users';
export const deletedEmail = (userId: string) => `deleted:${userId}`;

/** Pure: the record after one event. */
export function applyUserEvent(current: UserRecord | null, event: UserEvent, at: string): UserRecord | null {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      userId: d.userId,
      email: d.email,
      username: d.username,
      passwordHash: d.passwordHash,
      role: d.role,
      tenantId: d.tenantId,
      status: 'pending_activation',
      preferences: d.preferences,
      pendingEmail: null,
      createdAt: d.registeredAt,
      updatedAt: d.registeredAt,
    };
  }
  if (!current) return null;
  const next = { ...current, updatedAt: at };
  switch (event.type) {
    case 'UserActivated':
      return { ...next, status: 'active' };
    case 'PasswordChanged':
      return { ...next, passwordHash: event.data.passwordHash };
    case 'PasswordResetRequested':
      return current;
    case 'EmailChangeRequested':
      return { ...next, pendingEmail: event.data.newEmail };
    case 'EmailChanged':
      return { ...next, email: event.data.email, pendingEmail: null };
    case 'UsernameChanged':
      return { ...next, username: event.data.username };
    case 'PreferencesChanged':
      return { ...next, preferences: event.data.preferences };
    case 'UserTenantAssigned':
      return { ...next, tenantId: event.data.tenantId };
    case 'UserDeleted':
      return {
        ...next,
        status: 'deleted',
        email: deletedEmail(current.userId),
        username: '',
        passwordHash: '',
        pendingEmail: null,
      };
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

export async function ensureUserIndexes(users: Collection<UserRecordDoc>) {
  await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'users_email_unique' });
}

/** Projects events of one user stream (already unsealed) in order. */
export async function projectUserEvents(
  users: Collection<UserRecordDoc>,
  userId: string,
  events: Array<{ event: UserEvent; revision: number; at: string }>,
) {
  for (const { event, revision, at } of events) {
    await projectEvent<UserRecord>(users, {
      id: userId,
      streamRevision: revision,
      apply: (current) => applyUserEvent(current, event, at),
    });
  }
}

/** Rebuilds one user's record from the stream (e.g. after dropping the collection). */
export async function rebuildUser(users: Collection<UserRecordDoc>, userId: string, stream: StoredEvent[]) {
  await projectUserEvents(
    users,
    userId,
    stream.map((e) => ({
      event: { type: e.type, data: e.data } as UserEvent,
      revision: e.revision,
      at: e.recordedAt,
    })),
  );
}
