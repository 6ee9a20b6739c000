import type { Role } from '@punkto/contracts/permissions';
import type { UserPreferences } from '@punkto/contracts/identity';
import { toStreamId } from '@punkto/contracts/events';

/**
 * The User aggregate (event-sourced, stream `user-<id>`): events, state and evolve. Pure.
 * Personal data fields (`email`, `username`, `newEmail`, `previousEmail`, `passwordHash`) are sealed with the
 * person's key when stored (privacy/pii-event-store.ts); here they are plain values.
 */

export const USER_PII_FIELDS = ['email', 'username', 'newEmail', 'previousEmail', 'passwordHash'] as const;

export const toUserStreamId = (userId: string) => toStreamId('user', userId);
export const USER_STREAM_PREFIX = 'user-';

export const defaultPreferences = (marketingConsent: boolean): UserPreferences => ({
  emailNotifications: true,
  marketingConsent,
  companyMessages: true,
});

export interface Consents {
  terms: { accepted: true; at: string };
  marketing: { granted: boolean; at: string };
}

export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    username: string;
    passwordHash: string;
    role: Role;
    tenantId: string | null;
    consents: Consents;
    preferences: UserPreferences;
    registeredAt: string;
  };
};
export type UserActivated = { type: 'UserActivated'; data: { userId: string; activatedAt: string } };
export type PasswordChanged = {
  type: 'PasswordChanged';
  data: { userId: string; passwordHash: string; reason: 'change' | 'reset'; changedAt: string };
};
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; requestedAt: string };
};
export type EmailChangeRequested = {
  type: 'EmailChangeRequested';
  data: { userId: string; newEmail: string; requestedAt: string };
};
export type EmailChanged = {
  type: 'EmailChanged';
  data: { userId: string; email: string; previousEmail: string; changedAt: string };
};
export type UsernameChanged = {
  type: 'UsernameChanged';
  data: { userId: string; username: string; changedAt: string };
};
export type PreferencesChanged = {
  type: 'PreferencesChanged';
  data: { userId: string; preferences: UserPreferences; changedAt: string };
};
export type UserTenantAssigned = {
  type: 'UserTenantAssigned';
  data: { userId: string; tenantId: string; assignedAt: string };
};
export type UserDeleted = {
  type: 'UserDeleted';
  data: { userId: string; reason: 'self' | 'duplicate-email'; deletedAt: string };
};

export type UserEvent =
  | UserRegistered
  | UserActivated
  | PasswordChanged
  | PasswordResetRequested
  | EmailChangeRequested
  | EmailChanged
  | UsernameChanged
  | PreferencesChanged
  | UserTenantAssigned
  | UserDeleted;

export interface UserData {
  userId: string;
  email: string;
  username: string;
  passwordHash: string;
  role: Role;
  tenantId: string | null;
  preferences: UserPreferences;
  /** the new address waiting for confirmation */
  pendingEmail: string | null;
  registeredAt: string;
}

export type User =
  | { status: 'none' }
  | ({ status: 'pending_activation' } & UserData)
  | ({ status: 'active' } & UserData)
  | { status: 'deleted'; userId: string; deletedAt: string };

export const initialState = (): User => ({ status: 'none' });

export function evolve(state: User, event: UserEvent): User {
  if (event.type === 'UserRegistered') {
    const { consents: _c, registeredAt, ...data } = event.data;
    return { status: 'pending_activation', ...data, pendingEmail: null, registeredAt };
  }
  if (event.type === 'UserDeleted')
    return { status: 'deleted', userId: event.data.userId, deletedAt: event.data.deletedAt };
  if (state.status !== 'pending_activation' && state.status !== 'active') return state;
  switch (event.type) {
    case 'UserActivated':
      return { ...state, status: 'active' };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'PasswordResetRequested':
      return state;
    case 'EmailChangeRequested':
      return { ...state, pendingEmail: event.data.newEmail };
    case 'EmailChanged':
      return { ...state, email: event.data.email, pendingEmail: null };
    case 'UsernameChanged':
      return { ...state, username: event.data.username };
    case 'PreferencesChanged':
      return { ...state, preferences: event.data.preferences };
    case 'UserTenantAssigned':
      return { ...state, tenantId: event.data.tenantId };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
