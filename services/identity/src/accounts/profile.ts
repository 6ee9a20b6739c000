import type { UserPreferences, UserProfile } from '@punkto/contracts/identity';
import { Roles } from '@punkto/contracts/permissions';
import { UnauthenticatedError } from '@punkto/platform/errors/errors';
import { emailChangeAttemptMail } from '../mail/identity-mails';
import type { PasswordHasher } from '../security/password-hasher';
import type { RequestGuards } from '../security/request-guards';
import {
  EmployeeNameByCompanyError,
  PhoneOnlyForCustomersError,
  WrongPasswordError,
} from '../users/user.errors';
import { profileOf, userCommand, type Accounts } from './accounts';
import { withPreferenceDefaults } from '../users/user';
import type { UserRecord } from '../users/user-read-model';

type ProfileDeps = { guards: RequestGuards; hasher: PasswordHasher; clock: () => Date };

/** name, address (a new one confirmed by a link) and a customer's phone; 429 past the mail limits */
export async function updateOwnAccount(
  accounts: Accounts,
  deps: ProfileDeps,
  userId: string,
  input: { username?: string; email?: string; phone?: string | null | undefined },
  ip: string,
): Promise<UserProfile> {
  const { guards, clock } = deps;
  const { execute, recordByEmail, requireRecord } = accounts;
  const now = clock();
  let record = await requireRecord(userId);
  // refused before anything changes (the decider refuses it too)
  if (input.phone !== undefined && record.role !== Roles.customer) throw new PhoneOnlyForCustomersError();
  if (input.username !== undefined && input.username !== record.username && record.role === Roles.employee)
    throw new EmployeeNameByCompanyError();
  if (input.email !== undefined && input.email !== record.email)
    await guards.mailSend(now, ip, `user:${userId}`);
  if (input.username !== undefined)
    await execute(userId, userCommand('ChangeUsername', { username: input.username }, now));
  // a customer's phone (null removes it); the tenant service copies it to their client records (ADR 0017)
  if (input.phone !== undefined)
    await execute(userId, userCommand('ChangePhone', { phone: input.phone }, now));
  const holder =
    input.email !== undefined && input.email !== record.email ? await recordByEmail(input.email) : null;
  if (holder) {
    // no enumeration: answered as a requested change (nothing changes, no link is sent); the address's
    // holder is told. Confirming a link for a taken address is refused at activation anyway.
    accounts.notifyHolder('e-mail change attempt', holder, emailChangeAttemptMail);
  } else if (input.email !== undefined && input.email !== record.email) {
    await execute(userId, userCommand('RequestEmailChange', { newEmail: input.email }, now));
    record = await requireRecord(userId);
    await accounts.issueAndSend('email-change', record, input.email, now);
  }
  return profileOf(await requireRecord(userId));
}

/**
 * A signed-in person's own account: who am I, name and address (a new address is confirmed by a link), a
 * customer's phone,
 * preferences, password, and deleting the account.
 */
export function profile(accounts: Accounts, deps: ProfileDeps) {
  const { guards, hasher, clock } = deps;
  const { execute, recordOf, requireRecord, sessions } = accounts;

  /** The account's own password, asked again behind a session: one attempt throttled as login's. */
  async function verifyOwnPassword(record: UserRecord, password: string, ip: string, now: Date) {
    const verified = async () => ((await hasher.verify(record.passwordHash, password)) ? record : null);
    if (!(await guards.passwordAttempt({ email: record.email, ip, now }, verified)))
      throw new WrongPasswordError();
  }

  return {
    async me(userId: string): Promise<UserProfile> {
      const record = await recordOf(userId);
      if (!record) throw new UnauthenticatedError();
      return profileOf(record);
    },

    updateUser: (
      userId: string,
      input: { username?: string; email?: string; phone?: string | null | undefined },
      ip: string,
    ) => updateOwnAccount(accounts, deps, userId, input, ip),

    async preferences(userId: string): Promise<UserPreferences> {
      return withPreferenceDefaults((await requireRecord(userId)).preferences);
    },

    async updatePreferences(userId: string, preferences: Partial<UserPreferences>): Promise<UserPreferences> {
      await execute(userId, userCommand('ChangePreferences', { preferences }, clock()));
      return withPreferenceDefaults((await requireRecord(userId)).preferences);
    },

    /** Keeps the session the change was made from; ends every other one. */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string; ip: string },
      refreshToken?: string,
    ) {
      const { currentPassword, newPassword, ip } = input;
      const now = clock();
      const record = await requireRecord(userId);
      await verifyOwnPassword(record, currentPassword, ip, now);
      await execute(
        userId,
        userCommand('ChangePassword', { passwordHash: await hasher.hash(newPassword) }, now),
      );
      const current = refreshToken ? await sessions.familyOf(refreshToken) : null;
      await sessions.revokeAllOf(
        userId,
        now,
        'password-changed',
        current?.userId === userId ? current.familyId : undefined,
      );
    },

    /** Deletes the account: UserDeleted, read model without personal data, sessions and links revoked, key shredded. */
    async deleteAccount(userId: string, password: string, ip: string) {
      const record = await requireRecord(userId);
      await verifyOwnPassword(record, password, ip, clock());
      await accounts.closeAccount(userId, 'self', userId);
    },
  };
}
