import type { UserPreferences } from '@punkto/contracts/identity';
import { Roles, type Permission } from '@punkto/contracts/permissions';
import type { Decider } from '@punkto/platform/es/decider';
import type { UserCommand } from './user.commands';
import {
  EmailUnchangedError,
  InvalidTokenError,
  NoPendingEmailChangeError,
  NotACustomerError,
  PhoneOnlyForCustomersError,
  TenantAlreadyAssignedError,
  UserAlreadyExistsError,
  UserNotFoundError,
} from './user.errors';
import { defaultPreferences, evolve, initialState, type User, type UserData, type UserEvent } from './user';

export type * from './user.commands';

type Existing = Extract<User, UserData>;

function existing(state: User): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new UserNotFoundError();
  return state;
}

/** RegisterUser, RegisterInvitedUser, ActivateUser: an account comes into being and is activated */
function decideRegistration(
  command: Extract<UserCommand, { type: 'RegisterUser' | 'RegisterInvitedUser' | 'ActivateUser' }>,
  state: User,
  at: string,
): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new UserAlreadyExistsError();
      const { marketingConsent, phone, ...data } = command.data;
      if (phone !== null && data.role !== Roles.customer) throw new PhoneOnlyForCustomersError();
      const registered: UserEvent = {
        type: 'UserRegistered',
        data: {
          ...data,
          tenantId: null,
          consents: { terms: { accepted: true, at }, marketing: { granted: marketingConsent, at } },
          preferences: defaultPreferences(marketingConsent),
          registeredAt: at,
        },
      };
      // the phone travels in its own event: the only one whose personal value is published (ADR 0017)
      return phone === null
        ? [registered]
        : [registered, { type: 'UserPhoneChanged', data: { userId: data.userId, phone, changedAt: at } }];
    }
    case 'RegisterInvitedUser': {
      if (state.status !== 'none') throw new UserAlreadyExistsError();
      const { marketingConsent, permissions, ...data } = command.data;
      return [
        {
          type: 'UserRegistered',
          data: {
            ...data,
            // an empty hash never verifies: nobody can log in before setting a password from the link
            passwordHash: '',
            ...(data.role === Roles.employee && { permissions: samePermissions(permissions) }),
            consents: { terms: null, marketing: { granted: marketingConsent, at } },
            preferences: defaultPreferences(marketingConsent),
            registeredAt: at,
          },
        },
      ];
    }
    case 'ActivateUser': {
      if (state.status === 'none' || state.status === 'deleted') throw new InvalidTokenError();
      if (state.status === 'active') return [];
      return [{ type: 'UserActivated', data: { userId: state.userId, activatedAt: at } }];
    }
  }
}

/** password and e-mail address changes, requested and confirmed */
function decideCredentials(
  command: Extract<
    UserCommand,
    {
      type:
        | 'ChangePassword'
        | 'RequestPasswordReset'
        | 'ResetPassword'
        | 'RequestEmailChange'
        | 'ConfirmEmailChange';
    }
  >,
  state: User,
  at: string,
): UserEvent[] {
  switch (command.type) {
    case 'ChangePassword': {
      const user = existing(state);
      return [
        {
          type: 'PasswordChanged',
          data: {
            userId: user.userId,
            passwordHash: command.data.passwordHash,
            reason: 'change',
            changedAt: at,
          },
        },
      ];
    }
    case 'RequestPasswordReset': {
      const user = existing(state);
      return [{ type: 'PasswordResetRequested', data: { userId: user.userId, requestedAt: at } }];
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
        : [changed];
    }
    case 'RequestEmailChange': {
      const user = existing(state);
      if (user.email === command.data.newEmail) throw new EmailUnchangedError();
      return [
        {
          type: 'EmailChangeRequested',
          data: { userId: user.userId, newEmail: command.data.newEmail, requestedAt: at },
        },
      ];
    }
    case 'ConfirmEmailChange':
      return decideEmailConfirmation(command, state, at);
  }
}

/**
 * the link sent to the pending address was opened: EmailChanged, and for a staff account with a company also
 * StaffEmailChanged, whose address is published so the company's records follow it (ADR 0053); a customer's
 * address stays sealed
 */
function decideEmailConfirmation(
  command: Extract<UserCommand, { type: 'ConfirmEmailChange' }>,
  state: User,
  at: string,
): UserEvent[] {
  if (state.status === 'none' || state.status === 'deleted') throw new InvalidTokenError();
  if (state.pendingEmail === null) throw new NoPendingEmailChangeError();
  if (state.pendingEmail !== command.data.email) throw new InvalidTokenError();
  const changed: UserEvent = {
    type: 'EmailChanged',
    data: { userId: state.userId, email: command.data.email, previousEmail: state.email, changedAt: at },
  };
  if (state.role === Roles.customer || state.tenantId === null) return [changed];
  const { userId, tenantId } = state;
  return [
    changed,
    { type: 'StaffEmailChanged', data: { userId, tenantId, staffEmail: command.data.email, changedAt: at } },
  ];
}

/** the user's own settings: username, preferences, phone */
function decideProfile(
  command: Extract<UserCommand, { type: 'ChangeUsername' | 'ChangePreferences' | 'ChangePhone' }>,
  state: User,
  at: string,
): UserEvent[] {
  switch (command.type) {
    case 'ChangeUsername': {
      const user = existing(state);
      if (user.username === command.data.username) return [];
      return [
        {
          type: 'UsernameChanged',
          data: { userId: user.userId, username: command.data.username, changedAt: at },
        },
      ];
    }
    case 'ChangePreferences': {
      const user = existing(state);
      const preferences = { ...user.preferences, ...command.data.preferences };
      const same = (Object.keys(preferences) as (keyof UserPreferences)[]).every(
        (k) => preferences[k] === user.preferences[k],
      );
      if (same) return [];
      return [{ type: 'PreferencesChanged', data: { userId: user.userId, preferences, changedAt: at } }];
    }
    case 'ChangePhone': {
      const user = existing(state);
      if (user.role !== Roles.customer) throw new PhoneOnlyForCustomersError();
      if (user.phone === command.data.phone) return [];
      return [
        {
          type: 'UserPhoneChanged',
          data: { userId: user.userId, phone: command.data.phone, changedAt: at },
        },
      ];
    }
  }
}

/** the account's company, permissions and loyalty clients */
function decideMembership(
  command: Extract<
    UserCommand,
    { type: 'AssignTenant' | 'UnassignTenant' | 'ChangePermissions' | 'LinkToClient' }
  >,
  state: User,
  at: string,
): UserEvent[] {
  switch (command.type) {
    case 'AssignTenant': {
      const user = existing(state);
      if (user.role !== Roles.owner && user.role !== Roles.employee) return [];
      if (user.tenantId === command.data.tenantId) return [];
      if (user.tenantId !== null) throw new TenantAlreadyAssignedError();
      return [
        {
          type: 'UserTenantAssigned',
          data: { userId: user.userId, tenantId: command.data.tenantId, assignedAt: at },
        },
      ];
    }
    case 'UnassignTenant': {
      const user = existing(state);
      // only the owner of that tenant (employees' accounts are deleted with it); a repeat changes nothing
      if (user.role !== Roles.owner || user.tenantId !== command.data.tenantId) return [];
      return [
        {
          type: 'UserTenantUnassigned',
          data: {
            userId: user.userId,
            tenantId: command.data.tenantId,
            unassignedAt: at,
            accessVersion: user.accessVersion + 1,
          },
        },
      ];
    }
    case 'ChangePermissions': {
      const user = existing(state);
      if (user.role !== Roles.employee) return [];
      const permissions = samePermissions(command.data.permissions);
      if (permissions.join() === samePermissions(user.permissions).join()) return [];
      const accessVersion = user.accessVersion + 1;
      return [
        {
          type: 'UserPermissionsChanged',
          data: { userId: user.userId, permissions, changedAt: at, accessVersion },
        },
      ];
    }
    case 'LinkToClient': {
      const user = existing(state);
      if (user.role !== Roles.customer) throw new NotACustomerError();
      if (user.clientIds.includes(command.data.clientId)) return [];
      return [{ type: 'UserLinkedToClient', data: { userId: user.userId, ...command.data, linkedAt: at } }];
    }
  }
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'RevokeSessions': {
      // a deleted account's tokens are dead by UserDeleted already
      if (state.status === 'deleted' || command.data.sessionIds.length === 0) return [];
      const user = existing(state);
      return [
        {
          type: 'SessionsRevoked',
          data: { userId: user.userId, ...command.data, revokedAt: at },
        },
      ];
    }
    case 'DeleteUser': {
      if (state.status === 'deleted') return [];
      const user = existing(state);
      return [
        {
          type: 'UserDeleted',
          data: { userId: user.userId, reason: command.data.reason, deletedAt: at },
        },
      ];
    }
    case 'RegisterUser':
    case 'RegisterInvitedUser':
    case 'ActivateUser':
      return decideRegistration(command, state, at);
    case 'ChangePassword':
    case 'RequestPasswordReset':
    case 'ResetPassword':
    case 'RequestEmailChange':
    case 'ConfirmEmailChange':
      return decideCredentials(command, state, at);
    case 'ChangeUsername':
    case 'ChangePreferences':
    case 'ChangePhone':
      return decideProfile(command, state, at);
    case 'AssignTenant':
    case 'UnassignTenant':
    case 'ChangePermissions':
    case 'LinkToClient':
      return decideMembership(command, state, at);
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
}

/** Permissions as a set: unique and sorted, so equal sets compare equal. */
const samePermissions = (permissions: Permission[]): Permission[] => [...new Set(permissions)].sort();

export const userDecider: Decider<User, UserCommand, UserEvent> = { decide, evolve, initialState };
