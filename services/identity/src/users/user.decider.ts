import type { UserPreferences } from '@punkto/contracts/identity';
import { Roles, type Role } from '@punkto/contracts/permissions';
import type { Decider } from '@punkto/platform/es/decider';
import {
  EmailUnchangedError,
  InvalidTokenError,
  NoPendingEmailChangeError,
  TenantAlreadyAssignedError,
  UserAlreadyExistsError,
  UserNotFoundError,
} from './user.errors';
import { evolve, initialState, type User, type UserData, type UserEvent } from './user';

/**
 * Commands of the User aggregate. Time arrives in `metadata.now` (the clock is injected by the caller);
 * hashing and token checks happen before the command (they are IO / CPU work), the decider records facts.
 */
type Cmd<T extends string, D> = { type: T; data: D; metadata: { now: Date } };

export type RegisterUser = Cmd<
  'RegisterUser',
  {
    userId: string;
    email: string;
    username: string;
    passwordHash: string;
    role: Role;
    marketingConsent: boolean;
  }
>;
export type ActivateUser = Cmd<'ActivateUser', Record<string, never>>;
export type ChangePassword = Cmd<'ChangePassword', { passwordHash: string }>;
export type RequestPasswordReset = Cmd<'RequestPasswordReset', Record<string, never>>;
export type ResetPassword = Cmd<'ResetPassword', { passwordHash: string }>;
export type RequestEmailChange = Cmd<'RequestEmailChange', { newEmail: string }>;
export type ConfirmEmailChange = Cmd<'ConfirmEmailChange', { email: string }>;
export type ChangeUsername = Cmd<'ChangeUsername', { username: string }>;
export type ChangePreferences = Cmd<'ChangePreferences', { preferences: Partial<UserPreferences> }>;
export type AssignTenant = Cmd<'AssignTenant', { tenantId: string }>;
export type DeleteUser = Cmd<'DeleteUser', { reason: 'self' | 'duplicate-email' }>;

export type UserCommand =
  | RegisterUser
  | ActivateUser
  | ChangePassword
  | RequestPasswordReset
  | ResetPassword
  | RequestEmailChange
  | ConfirmEmailChange
  | ChangeUsername
  | ChangePreferences
  | AssignTenant
  | DeleteUser;

type Existing = Extract<User, UserData>;

function existing(state: User): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new UserNotFoundError();
  return state;
}

export function decide(command: UserCommand, state: User): UserEvent | UserEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new UserAlreadyExistsError();
      const { marketingConsent, ...data } = command.data;
      return {
        type: 'UserRegistered',
        data: {
          ...data,
          tenantId: null,
          consents: { terms: { accepted: true, at }, marketing: { granted: marketingConsent, at } },
          preferences: { emailNotifications: true, marketingConsent, companyMessages: true },
          registeredAt: at,
        },
      };
    }
    case 'ActivateUser': {
      if (state.status === 'none' || state.status === 'deleted') throw new InvalidTokenError();
      if (state.status === 'active') return [];
      return { type: 'UserActivated', data: { userId: state.userId, activatedAt: at } };
    }
    case 'ChangePassword': {
      const user = existing(state);
      return {
        type: 'PasswordChanged',
        data: {
          userId: user.userId,
          passwordHash: command.data.passwordHash,
          reason: 'change',
          changedAt: at,
        },
      };
    }
    case 'RequestPasswordReset': {
      const user = existing(state);
      return { type: 'PasswordResetRequested', data: { userId: user.userId, requestedAt: at } };
    }
    case 'ResetPassword': {
      if (state.status === 'none' || state.status === 'deleted') throw new InvalidTokenError();
      const changed: UserEvent = {
        type: 'PasswordChanged',
        data: {
          userId: state.userId,
          passwordHash: command.data.passwordHash,
          reason: 'reset',
          changedAt: at,
        },
      };
      // the reset link proved the person owns the address: a not yet activated account becomes active
      return state.status === 'pending_activation'
        ? [changed, { type: 'UserActivated', data: { userId: state.userId, activatedAt: at } }]
        : changed;
    }
    case 'RequestEmailChange': {
      const user = existing(state);
      if (user.email === command.data.newEmail) throw new EmailUnchangedError();
      return {
        type: 'EmailChangeRequested',
        data: { userId: user.userId, newEmail: command.data.newEmail, requestedAt: at },
      };
    }
    case 'ConfirmEmailChange': {
      if (state.status === 'none' || state.status === 'deleted') throw new InvalidTokenError();
      if (state.pendingEmail === null) throw new NoPendingEmailChangeError();
      if (state.pendingEmail !== command.data.email) throw new InvalidTokenError();
      return {
        type: 'EmailChanged',
        data: { userId: state.userId, email: command.data.email, previousEmail: state.email, changedAt: at },
      };
    }
    case 'ChangeUsername': {
      const user = existing(state);
      if (user.username === command.data.username) return [];
      return {
        type: 'UsernameChanged',
        data: { userId: user.userId, username: command.data.username, changedAt: at },
      };
    }
    case 'ChangePreferences': {
      const user = existing(state);
      const preferences = { ...user.preferences, ...command.data.preferences };
      const same = (Object.keys(preferences) as (keyof UserPreferences)[]).every(
        (k) => preferences[k] === user.preferences[k],
      );
      if (same) return [];
      return { type: 'PreferencesChanged', data: { userId: user.userId, preferences, changedAt: at } };
    }
    case 'AssignTenant': {
      const user = existing(state);
      if (user.role !== Roles.owner && user.role !== Roles.employee) return [];
      if (user.tenantId === command.data.tenantId) return [];
      if (user.tenantId !== null) throw new TenantAlreadyAssignedError();
      return {
        type: 'UserTenantAssigned',
        data: { userId: user.userId, tenantId: command.data.tenantId, assignedAt: at },
      };
    }
    case 'DeleteUser': {
      if (state.status === 'deleted') return [];
      const user = existing(state);
      return {
        type: 'UserDeleted',
        data: { userId: user.userId, reason: command.data.reason, deletedAt: at },
      };
    }
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
}

export const userDecider: Decider<User, UserCommand, UserEvent> = { decide, evolve, initialState };
