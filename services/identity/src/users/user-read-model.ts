import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import { evolve, initialState, type User, type UserData, type UserEvent } from './user';

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

/**
 * The aggregate's data (user.ts `UserData`: fields written before permissions, access versions, client links or
 * phones existed are absent in old records and read as [], 0, [] and null) with its status and timestamps.
 */
export interface UserRecord extends Omit<UserData, 'registeredAt'> {
  status: UserStatus;
  createdAt: string;
  updatedAt: string;
}

export type UserRecordDoc = ProjectionDoc<UserRecord> | Tombstone;

export const USERS_COLLECTION = 'users';
export const deletedEmail = (userId: string) => `deleted:${userId}`;

/**
 * Pure: the record after one event. The record is the aggregate's own state (`evolve` of user.ts) plus
 * timestamps, so the two can never disagree about what an event means; only deletion differs: the record
 * stays (without personal data) so the unique e-mail index frees the address on every adapter.
 */
export function applyUserEvent(current: UserRecord | null, event: UserEvent, at: string): UserRecord | null {
  const state = evolve(current ? toState(current) : initialState(), event);
  switch (state.status) {
    case 'none':
      return null;
    case 'deleted':
      return (
        current && {
          ...current,
          status: 'deleted',
          email: deletedEmail(current.userId),
          username: '',
          passwordHash: '',
          phone: null,
          pendingEmail: null,
          permissions: [],
          clientIds: [],
          updatedAt: at,
        }
      );
    default: {
      const { registeredAt, ...data } = state;
      return { ...data, createdAt: current?.createdAt ?? registeredAt, updatedAt: at };
    }
  }
}

function toState(record: UserRecord): User {
  const { status, createdAt, updatedAt: _updatedAt, ...data } = record;
  if (status === 'deleted') return { status, userId: record.userId, deletedAt: _updatedAt };
  // records written before permissions / client links existed lack them
  return {
    status,
    ...data,
    permissions: data.permissions ?? [],
    accessVersion: data.accessVersion ?? 0,
    clientIds: data.clientIds ?? [],
    phone: data.phone ?? null,
    registeredAt: createdAt,
  };
}

export async function ensureUserIndexes(users: Collection<UserRecordDoc>) {
  await users.ensureIndex({ fields: { email: 1 }, unique: true, name: 'users_email_unique' });
  // the owner and employees of a tenant (TenantDeleted)
  await users.ensureIndex({ fields: { tenantId: 1 }, name: 'users_tenant' });
}
