import type { Permission, Role } from '@punkto/contracts/permissions';
import type { JoinIntent, UserPreferences } from '@punkto/contracts/identity';
import { toStreamId } from '@punkto/contracts/events';

/**
 * The User aggregate (event-sourced, stream `user-<id>`): events, state and evolve. Pure.
 * Personal data fields (`email`, `username`, `newEmail`, `previousEmail`, `passwordHash`, `phone`, `staffEmail`) are sealed with the
 * person's key when stored (platform/privacy/pii-event-store.ts); here they are plain values.
 */

export const USER_PII_FIELDS = [
  'email',
  'username',
  'newEmail',
  'previousEmail',
  'passwordHash',
  'phone',
  'staffEmail',
] as const;
/**
 * The personal values identity's relay publishes plain: UserPhoneChanged's `phone` (the tenant service copies a
 * customer's phone to their client records, ADR 0017) and StaffEmailChanged's `staffEmail` (the company's record
 * of its employee follows a confirmed new address, ADR 0053). Everything else stays sealed on the bus.
 */
export const USER_PUBLISHED_PII_FIELDS = ['phone', 'staffEmail'] as const;

export const toUserStreamId = (userId: string) => toStreamId('user', userId);
export const USER_STREAM_PREFIX = 'user-';

export const defaultPreferences = (marketingConsent: boolean): UserPreferences => ({
  emailNotifications: true,
  marketingConsent,
  companyMessages: true,
  surveys: true,
});

/** Preferences recorded before a switch existed read as its default (`surveys`: on, ADR 0022). */
export const withPreferenceDefaults = (
  preferences: Omit<UserPreferences, 'surveys'> & Partial<UserPreferences>,
): UserPreferences => ({ ...preferences, surveys: preferences.surveys ?? true });

export interface Consents {
  /** null for accounts created for a person by a company (employee invitation, client enrolment) */
  terms: { accepted: true; at: string } | null;
  marketing: { granted: boolean; at: string };
}

/** Why an account was deleted: by its owner, a lost e-mail race, its employer, or with its tenant. */
export type DeletionReason = 'self' | 'duplicate-email' | 'employee-removed' | 'tenant-deleted';

/** An account's own fields: it is registered with them (UserRegistered) and its state keeps them (UserData). */
export type UserAccount = {
  userId: string;
  email: string;
  username: string;
  passwordHash: string;
  role: Role;
  tenantId: string | null;
};

export type UserRegistered = {
  type: 'UserRegistered';
  data: UserAccount & {
    /** an invited employee's permissions (absent in registrations before employees existed) */
    permissions?: Permission[];
    consents: Consents;
    preferences: UserPreferences;
    /** the program a customer signed up from (absent: none, or registered before it was kept) */
    joining?: JoinIntent;
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
/**
 * a staff account's (employee's or owner's, with a company) confirmed new address, recorded right after its
 * EmailChanged: the one event carrying the address published plain, so a company's records can follow it (ADR
 * 0053). A customer's address never travels plain.
 */
export type StaffEmailChanged = {
  type: 'StaffEmailChanged';
  data: { userId: string; tenantId: string; staffEmail: string; changedAt: string };
};
export type UsernameChanged = {
  type: 'UsernameChanged';
  data: { userId: string; username: string; changedAt: string };
};
export type PreferencesChanged = {
  type: 'PreferencesChanged';
  data: { userId: string; preferences: UserPreferences; changedAt: string };
};
/** a customer set (`+48XXXXXXXXX`) or removed (null) their phone; unverified (no SMS check) */
export type UserPhoneChanged = {
  type: 'UserPhoneChanged';
  data: { userId: string; phone: string | null; changedAt: string };
};
export type UserTenantAssigned = {
  type: 'UserTenantAssigned';
  data: { userId: string; tenantId: string; assignedAt: string };
};
/**
 * the owner's tenant was deleted: they may create a new company. `accessVersion`: the user's access tokens
 * issued before (their `av` is lower) stop counting in every service (ADR 0038); absent in events recorded
 * before it existed
 */
export type UserTenantUnassigned = {
  type: 'UserTenantUnassigned';
  data: { userId: string; tenantId: string; unassignedAt: string; accessVersion?: number };
};
/**
 * an employee's permissions: the access tokens issued before (`av` below `accessVersion`) stop counting in
 * every service within seconds, and the refreshed token carries the new `perms` (ADR 0038)
 */
export type UserPermissionsChanged = {
  type: 'UserPermissionsChanged';
  data: { userId: string; permissions: Permission[]; changedAt: string; accessVersion?: number };
};
/** a company enrolled this customer by e-mail (tenant's ClientEnrolled); tenant links the client to the account */
export type UserLinkedToClient = {
  type: 'UserLinkedToClient';
  data: { userId: string; clientId: string; tenantId: string; programId: string; linkedAt: string };
};
/** sessions (login families) ended; their access tokens stop working in every service (ADR 0010) */
export type SessionsRevoked = {
  type: 'SessionsRevoked';
  data: { userId: string; sessionIds: string[]; reason: string; revokedAt: string };
};
export type UserDeleted = {
  type: 'UserDeleted';
  data: { userId: string; reason: DeletionReason; deletedAt: string };
};

export type UserEvent =
  | UserRegistered
  | UserActivated
  | PasswordChanged
  | PasswordResetRequested
  | EmailChangeRequested
  | EmailChanged
  | StaffEmailChanged
  | UsernameChanged
  | PreferencesChanged
  | UserPhoneChanged
  | UserTenantAssigned
  | UserTenantUnassigned
  | UserPermissionsChanged
  | UserLinkedToClient
  | SessionsRevoked
  | UserDeleted;

export interface UserData extends UserAccount {
  /** granted permissions (employees); owners hold every permission by role, customers none */
  permissions: Permission[];
  /**
   * how many times what the account's access tokens grant was taken or changed (permissions, the owner's
   * tenant): every access token carries it as `av`, and a token below the latest counts as none (ADR 0038)
   */
  accessVersion: number;
  /** clients (of any tenant) this customer account was linked to by a company */
  clientIds: string[];
  preferences: UserPreferences;
  /** a customer's phone (`+48XXXXXXXXX`) as they gave it, unverified; null without one */
  phone: string | null;
  /** the new address waiting for confirmation */
  pendingEmail: string | null;
  /** the program a customer signed up from: the activation link leads back to its join page */
  joining?: JoinIntent;
  registeredAt: string;
}

export type User =
  | { status: 'none' }
  | ({ status: 'pending_activation' } & UserData)
  | ({ status: 'active' } & UserData)
  | { status: 'deleted'; userId: string; deletedAt: string };

export const initialState = (): User => ({ status: 'none' });

/** The access version after an event that changes what the tokens grant (older events count one up). */
export const nextAccessVersion = (
  state: Pick<UserData, 'accessVersion'>,
  event: UserPermissionsChanged | UserTenantUnassigned,
): number => event.data.accessVersion ?? state.accessVersion + 1;

export function evolve(state: User, event: UserEvent): User {
  if (event.type === 'UserRegistered') {
    const { consents: _c, registeredAt, permissions, ...data } = event.data;
    return {
      status: 'pending_activation',
      ...data,
      preferences: withPreferenceDefaults(data.preferences),
      permissions: permissions ?? [],
      accessVersion: 0,
      clientIds: [],
      phone: null,
      pendingEmail: null,
      registeredAt,
    };
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
    case 'StaffEmailChanged':
      return state;
    case 'UsernameChanged':
      return { ...state, username: event.data.username };
    case 'PreferencesChanged':
      return { ...state, preferences: withPreferenceDefaults(event.data.preferences) };
    case 'UserPhoneChanged':
      return { ...state, phone: event.data.phone };
    case 'UserTenantAssigned':
      return { ...state, tenantId: event.data.tenantId };
    case 'UserTenantUnassigned':
      return { ...state, tenantId: null, accessVersion: nextAccessVersion(state, event) };
    case 'UserPermissionsChanged':
      return {
        ...state,
        permissions: event.data.permissions,
        accessVersion: nextAccessVersion(state, event),
      };
    case 'UserLinkedToClient':
      return { ...state, clientIds: [...state.clientIds, event.data.clientId] };
    case 'SessionsRevoked':
      return state;
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
