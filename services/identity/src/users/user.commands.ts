import type { JoinIntent, UserPreferences } from '@punkto/contracts/identity';
import type { Permission, Role, Roles } from '@punkto/contracts/permissions';
import type { Command } from '@punkto/platform/es/decider';
import type { DeletionReason } from './user';

/**
 * Commands of the User aggregate. Time arrives in `metadata.now` (the clock is injected by the caller);
 * hashing and token checks happen before the command (they are IO / CPU work), the decider records facts.
 */

export type RegisterUser = Command<
  'RegisterUser',
  {
    userId: string;
    email: string;
    username: string;
    passwordHash: string;
    role: Role;
    marketingConsent: boolean;
    /** a customer's phone given at registration (`+48…`), else null */
    phone: string | null;
    /** the program a customer signed up from (its enrolment page): the activation link leads back to it */
    joining?: JoinIntent;
  }
>;
/**
 * An account a company creates for a person (an invited employee, a client enrolled by e-mail): no usable
 * password (the person sets one from the invitation link, which also activates the account), no terms
 * accepted yet.
 */
export type RegisterInvitedUser = Command<
  'RegisterInvitedUser',
  {
    userId: string;
    email: string;
    username: string;
    role: typeof Roles.employee | typeof Roles.customer;
    tenantId: string | null;
    permissions: Permission[];
    marketingConsent: boolean;
  }
>;
export type ActivateUser = Command<'ActivateUser', Record<string, never>>;
export type ChangePassword = Command<'ChangePassword', { passwordHash: string }>;
export type RequestPasswordReset = Command<'RequestPasswordReset', Record<string, never>>;
export type ResetPassword = Command<'ResetPassword', { passwordHash: string }>;
export type RequestEmailChange = Command<'RequestEmailChange', { newEmail: string }>;
export type ConfirmEmailChange = Command<'ConfirmEmailChange', { email: string }>;
export type ChangeUsername = Command<'ChangeUsername', { username: string }>;
/** a customer's own phone (`+48…`), or null to remove it */
export type ChangePhone = Command<'ChangePhone', { phone: string | null }>;
export type ChangePreferences = Command<'ChangePreferences', { preferences: Partial<UserPreferences> }>;
export type AssignTenant = Command<'AssignTenant', { tenantId: string }>;
export type UnassignTenant = Command<'UnassignTenant', { tenantId: string }>;
export type ChangePermissions = Command<'ChangePermissions', { permissions: Permission[] }>;
export type LinkToClient = Command<'LinkToClient', { clientId: string; tenantId: string; programId: string }>;
export type DeleteUser = Command<'DeleteUser', { reason: DeletionReason }>;
export type RevokeSessions = Command<'RevokeSessions', { sessionIds: string[]; reason: string }>;

export type UserCommand =
  | RegisterUser
  | RegisterInvitedUser
  | ActivateUser
  | ChangePassword
  | RequestPasswordReset
  | ResetPassword
  | RequestEmailChange
  | ConfirmEmailChange
  | ChangeUsername
  | ChangePreferences
  | ChangePhone
  | AssignTenant
  | UnassignTenant
  | ChangePermissions
  | LinkToClient
  | RevokeSessions
  | DeleteUser;
