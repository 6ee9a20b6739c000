import type { UserPreferences, UserProfile } from '@punkto/contracts/identity';
import type {
  ClientEnrolledData,
  EmployeeInvitedData,
  TenantDeletedData,
} from '@punkto/contracts/integration-events';
import { Roles, type Permission, type Role } from '@punkto/contracts/permissions';
import type { Captcha } from '@punkto/platform/captcha/captcha.port';
import type { AccessRevocations } from '@punkto/platform/http/access-revocations';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { DuplicateKeyError, UnauthenticatedError } from '@punkto/platform/errors/errors';
import type { Mailer, MailMessage } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import type { IdentityConfig } from '../config';
import {
  activationMail,
  clientEnrolledMail,
  clientInvitationMail,
  emailChangeAttemptMail,
  emailConfirmationMail,
  employeeInvitationMail,
  passwordResetMail,
  registrationAttemptMail,
} from '../mail/identity-mails';
import { documentPersonKeys, type PersonKeys } from '@punkto/platform/privacy/person-keys';
import { piiEventStore } from '@punkto/platform/privacy/pii-event-store';
import type { PasswordHasher } from '../security/password-hasher';
import { loginLockout } from '../security/login-lockout';
import { rateLimiter, type RateRule } from '../security/rate-limiter';
import { sessionStore } from '../sessions/sessions';
import { signAccessToken } from '../tokens/access-token';
import { actionTokens, type TokenPurpose } from '../tokens/action-tokens';
import { loadOrCreateSigningKey, type SigningKey } from '../tokens/signing-keys';
import { toUserStreamId, USER_PII_FIELDS, USER_STREAM_PREFIX, type DeletionReason } from './user';
import {
  userDecider,
  type DeleteUser,
  type RegisterInvitedUser,
  type RegisterUser,
  type UserCommand,
} from './user.decider';
import {
  AccountNotActiveError,
  CaptchaFailedError,
  EmailTakenError,
  InvalidCredentialsError,
  InvalidTokenError,
  RefreshFailedError,
  UserNotFoundError,
  WrongPasswordError,
} from './user.errors';
import {
  ensureUserIndexes,
  applyUserEvent,
  USERS_COLLECTION,
  type UserRecord,
  type UserRecordDoc,
} from './user-read-model';

export const ACCEPTED_MESSAGES = {
  resendActivation:
    'Jeśli konto z tym adresem istnieje i nie jest aktywne, wysłaliśmy na nie nowy link aktywacyjny.',
  passwordReset: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do ustawienia nowego hasła.',
  emailConfirmation: 'Wysłaliśmy link potwierdzający na nowy adres e-mail.',
  activated: 'Konto zostało aktywowane. Możesz się zalogować.',
  emailChanged: 'Adres e-mail został zmieniony.',
  passwordReset_done: 'Hasło zostało zmienione. Możesz się zalogować.',
} as const;

export interface IdentityServiceDeps {
  config: IdentityConfig;
  eventStore: EventStore;
  documents: DocumentStore;
  mailer: Mailer;
  captcha: Captcha;
  hasher: PasswordHasher;
  logger: Logger;
  clock: () => Date;
  /** this process's revocation list: identity's own sessions are revoked there at once (ADR 0010) */
  revocations?: Pick<AccessRevocations, 'revokeSessions'>;
}

export interface IssuedSession {
  profile: UserProfile;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
  familyId: string;
}

/**
 * Identity's application layer: the use cases behind the /users calls and the tenant consumer. Routes only
 * translate HTTP (cookies, bodies) to these calls. Every change to a user goes through the User decider
 * (generic command handler on a PII-sealing event store) and is projected into `users` right after.
 */
export async function createIdentityService(deps: IdentityServiceDeps) {
  const { config, documents, clock, hasher, logger } = deps;
  const personKeys: PersonKeys = documentPersonKeys(documents, clock);
  const events = piiEventStore(deps.eventStore, personKeys, {
    streamPrefix: USER_STREAM_PREFIX,
    fields: USER_PII_FIELDS,
  });
  const users = documents.collection<UserRecordDoc>(USERS_COLLECTION);
  const aggregate = projectedCommandHandler({
    eventStore: events,
    decider: userDecider,
    streamId: toUserStreamId,
    collection: users,
    apply: applyUserEvent,
  });
  const sessions = sessionStore(
    documents,
    {
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      sessionMaxAgeSeconds: config.SESSION_MAX_AGE_SECONDS,
    },
    // a session ended: its access tokens stop working here at once, and everywhere once the other services
    // have read SessionsRevoked off the bus (ADR 0010)
    async ({ userId, familyId, reason, now }) => {
      deps.revocations?.revokeSessions([familyId], now);
      await execute(userId, cmd('RevokeSessions', { sessionIds: [familyId], reason }, now), null);
    },
  );
  const tokens = actionTokens(documents);
  const limiter = rateLimiter(documents);
  const lockout = loginLockout(documents, {
    afterFailures: config.LOGIN_LOCKOUT_AFTER_FAILURES,
    maxSeconds: config.LOGIN_LOCKOUT_MAX_SECONDS,
  });
  await Promise.all([
    ensureUserIndexes(users),
    sessions.ensureIndexes(),
    tokens.ensureIndexes(),
    limiter.ensureIndexes(),
    lockout.ensureIndexes(),
  ]);
  const signingKey: SigningKey = await loadOrCreateSigningKey(documents, clock());

  const rules = {
    loginPerIpEmail: rule(
      'login-ip-email',
      config.RATE_LIMIT_LOGIN_PER_IP_EMAIL,
      config.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
    ),
    loginPerIp: rule('login-ip', config.RATE_LIMIT_LOGIN_PER_IP, config.RATE_LIMIT_LOGIN_WINDOW_SECONDS),
    registerPerIp: rule(
      'register-ip',
      config.RATE_LIMIT_REGISTER_PER_IP,
      config.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
    ),
    sendPerAddress: rule(
      'email-send-address',
      config.RATE_LIMIT_EMAIL_SEND_PER_ADDRESS,
      config.RATE_LIMIT_EMAIL_SEND_WINDOW_SECONDS,
    ),
    sendPerIp: rule(
      'email-send-ip',
      config.RATE_LIMIT_EMAIL_SEND_PER_IP,
      config.RATE_LIMIT_EMAIL_SEND_WINDOW_SECONDS,
    ),
  };

  // work whose duration must not reveal whether an e-mail exists runs after the answer; tracked for shutdown/tests
  const pending = new Set<Promise<void>>();
  function inBackground(what: string, work: () => Promise<void>) {
    const run = work()
      .catch((error: unknown) => logger.error({ err: error }, `identity: ${what} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** A notice to the holder of an address someone else tried to use, sent after the neutral answer. */
  function notifyHolder(what: string, holder: UserRecord, mail: typeof registrationAttemptMail) {
    inBackground(what, () =>
      deps.mailer
        .send(mail({ to: holder.email, username: holder.username, publicUrl: config.PUBLIC_URL }))
        .then(() => undefined),
    );
  }

  const execute = (userId: string, command: UserCommand, actorId: string | null = userId) =>
    aggregate.run(userId, command, { actorId });

  const cmd = <C extends UserCommand>(type: C['type'], data: C['data'], now: Date) =>
    ({ type, data, metadata: { now } }) as C;

  async function recordOf(userId: string): Promise<UserRecord | null> {
    const doc = await readProjection<UserRecord>(users, userId);
    return doc && doc.status !== 'deleted' ? doc : null;
  }
  async function recordByEmail(email: string): Promise<UserRecord | null> {
    const doc = (await users.findOne({ email })) as (UserRecord & { _id: string }) | null;
    return doc && doc.status !== 'deleted' ? doc : null;
  }
  async function requireRecord(userId: string): Promise<UserRecord> {
    const record = await recordOf(userId);
    if (!record) throw new UserNotFoundError();
    return record;
  }

  /** an employee's own grants; owners hold every permission by role (their tokens carry []), customers none */
  const permissionsOf = (r: UserRecord): Permission[] => (r.role === Roles.employee ? r.permissions : []);

  const profileOf = (r: UserRecord): UserProfile => ({
    id: r.userId,
    email: r.email,
    tenantId: r.tenantId,
    role: r.role,
    username: r.username,
    ...(r.role === Roles.employee && { permissions: permissionsOf(r) }),
  });

  async function verifyCaptcha(token: string | undefined, action: string, ip: string) {
    if (!deps.captcha.enabled) return;
    const result = await deps.captcha.verify(token, action, ip);
    if (!result.ok) {
      logger.info({ action, reason: result.reason, score: result.score }, 'captcha rejected');
      throw new CaptchaFailedError();
    }
  }

  async function issueToken(purpose: TokenPurpose, record: UserRecord, to: string, now: Date) {
    const ttlSeconds = {
      activation: config.ACTIVATION_TOKEN_TTL_SECONDS,
      'email-change': config.EMAIL_CHANGE_TOKEN_TTL_SECONDS,
      'password-reset': config.PASSWORD_RESET_TOKEN_TTL_SECONDS,
      invitation: config.INVITATION_TOKEN_TTL_SECONDS,
    }[purpose];
    const token = await tokens.issue({ purpose, userId: record.userId, email: to, now, ttlSeconds });
    return { token, ttlSeconds };
  }

  async function issueAndSend(
    purpose: Exclude<TokenPurpose, 'invitation'>,
    record: UserRecord,
    to: string,
    now: Date,
  ): Promise<void> {
    const { token, ttlSeconds } = await issueToken(purpose, record, to, now);
    const input = { to, username: record.username, token, publicUrl: config.PUBLIC_URL, ttlSeconds };
    const mail: MailMessage =
      purpose === 'activation'
        ? activationMail(input)
        : purpose === 'email-change'
          ? emailConfirmationMail(input)
          : passwordResetMail(input);
    await deps.mailer.send(mail);
  }

  async function startSession(record: UserRecord, now: Date): Promise<IssuedSession> {
    const session = await sessions.start(record.userId, now);
    return {
      ...(await accessFor(record, now, session.familyId)),
      refreshToken: session.token,
      refreshTokenExpiresAt: session.expiresAt,
      familyId: session.familyId,
    };
  }

  async function accessFor(record: UserRecord, now: Date, sessionId: string) {
    const { token, expiresAt } = await signAccessToken(
      signingKey,
      {
        userId: record.userId,
        sessionId,
        role: record.role,
        tenantId: record.tenantId,
        email: record.email,
        name: record.username,
        permissions: permissionsOf(record),
      },
      {
        now,
        ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        issuer: config.AUTH_ISSUER,
        audience: config.AUTH_AUDIENCE,
      },
    );
    return { profile: profileOf(record), accessToken: token, accessTokenExpiresAt: expiresAt };
  }

  return {
    signingKey,
    jwks: () => ({ keys: [signingKey.publicJwk as Record<string, unknown>] }),
    /** resolves when background work (e-mails of neutral-answer calls) has finished */
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },

    async register(input: {
      email: string;
      password: string;
      username: string;
      role: Role;
      marketingConsent: boolean;
      captchaToken?: string;
      ip: string;
    }): Promise<{ userId: string }> {
      const now = clock();
      await limiter.check(now, [rules.registerPerIp, input.ip]);
      await verifyCaptcha(input.captchaToken, 'register', input.ip);
      const userId = randomUUID();
      // hashed either way, so the answer's timing says nothing about the address either
      const passwordHash = await hasher.hash(input.password);
      const existing = await recordByEmail(input.email);
      if (existing) {
        // answered exactly as a new registration (an id that is nobody's); the holder is told by e-mail
        notifyHolder('registration attempt', existing, registrationAttemptMail);
        return { userId };
      }
      const record = await registerAccount(
        cmd<RegisterUser>(
          'RegisterUser',
          {
            userId,
            email: input.email,
            username: input.username,
            passwordHash,
            role: input.role,
            marketingConsent: input.marketingConsent,
          },
          now,
        ),
        userId,
      );
      if (!record) {
        // lost a race with a registration of the same address: the same neutral answer
        const holder = await recordByEmail(input.email);
        if (holder) notifyHolder('registration attempt', holder, registrationAttemptMail);
        return { userId };
      }
      await issueAndSend('activation', record, record.email, now);
      return { userId };
    },

    /** Activation link, or confirmation of a new e-mail address (the stored purpose decides). */
    async activate(token: string): Promise<string> {
      const now = clock();
      const consumed = await tokens.consume(token, ['activation', 'email-change'], now);
      if (!consumed) throw new InvalidTokenError();
      if (consumed.purpose === 'activation') {
        await execute(consumed.userId, cmd('ActivateUser', {}, now));
        return ACCEPTED_MESSAGES.activated;
      }
      const owner = await recordByEmail(consumed.email);
      if (owner && owner.userId !== consumed.userId) throw new EmailTakenError();
      await execute(consumed.userId, cmd('ConfirmEmailChange', { email: consumed.email }, now));
      return ACCEPTED_MESSAGES.emailChanged;
    },

    async resendActivation(email: string, ip: string): Promise<string> {
      const now = clock();
      await limiter.check(now, [rules.sendPerIp, ip], [rules.sendPerAddress, email]);
      const record = await recordByEmail(email);
      // an account a company created has no password yet: its way in is the invitation link (or a reset),
      // an activation link would activate an account nobody can log in to
      if (record?.status === 'pending_activation' && record.passwordHash !== '')
        inBackground('resend activation', () => issueAndSend('activation', record, record.email, now));
      return ACCEPTED_MESSAGES.resendActivation;
    },

    async resendEmailConfirmation(userId: string, ip: string): Promise<string> {
      const now = clock();
      await limiter.check(now, [rules.sendPerIp, ip], [rules.sendPerAddress, `user:${userId}`]);
      const record = await requireRecord(userId);
      // no pending change (e.g. the new address was taken, and answered neutrally): the same answer, no mail
      if (record.pendingEmail) await issueAndSend('email-change', record, record.pendingEmail, now);
      return ACCEPTED_MESSAGES.emailConfirmation;
    },

    async login(input: {
      email: string;
      password: string;
      captchaToken?: string;
      ip: string;
    }): Promise<IssuedSession> {
      const now = clock();
      await limiter.check(
        now,
        [rules.loginPerIpEmail, `${input.ip}|${input.email}`],
        [rules.loginPerIp, input.ip],
      );
      // per address, whatever the IP; unknown addresses alike (security/login-lockout.ts)
      await lockout.assertOpen(input.email, now);
      await verifyCaptcha(input.captchaToken, 'login', input.ip);
      const record = await recordByEmail(input.email);
      // the same argon2 work whether or not the address exists: the answer's timing reveals nothing
      // (an account a company created has no password until the invitation link sets one)
      const ok = record?.passwordHash
        ? await hasher.verify(record.passwordHash, input.password)
        : await hasher.verifyNothing(input.password);
      if (!record || !ok) {
        await lockout.recordFailure(input.email, now);
        throw new InvalidCredentialsError();
      }
      await lockout.recordSuccess(input.email);
      // only someone who knows the password learns that the account is not active yet
      if (record.status !== 'active') throw new AccountNotActiveError();
      return startSession(record, now);
    },

    /** Rotates the refresh token; failure (unknown, expired, revoked, reused) → RefreshFailedError. */
    async refresh(refreshToken: string | undefined) {
      const now = clock();
      if (!refreshToken) throw new RefreshFailedError();
      const rotated = await sessions.rotate(refreshToken, now);
      if (!rotated.ok) {
        logger.info({ reason: rotated.reason, familyId: rotated.familyId }, 'refresh refused');
        throw new RefreshFailedError();
      }
      const record = await recordOf(rotated.userId);
      if (!record || record.status !== 'active') {
        await sessions.revokeFamily(rotated.familyId, now, 'user-not-active');
        throw new RefreshFailedError();
      }
      return {
        ...(await accessFor(record, now, rotated.familyId)),
        refreshToken: rotated.token,
        refreshTokenExpiresAt: rotated.expiresAt,
        familyId: rotated.familyId,
      };
    },

    async logout(refreshToken: string | undefined) {
      if (!refreshToken) return;
      const family = await sessions.familyOf(refreshToken);
      if (family) await sessions.revokeFamily(family.familyId, clock(), 'logout');
    },

    async me(userId: string): Promise<UserProfile> {
      const record = await recordOf(userId);
      if (!record) throw new UnauthenticatedError();
      return profileOf(record);
    },

    /** Keeps the session the change was made from; ends every other one. */
    async changePassword(
      userId: string,
      currentPassword: string,
      newPassword: string,
      refreshToken?: string,
    ) {
      const now = clock();
      const record = await requireRecord(userId);
      if (!(await hasher.verify(record.passwordHash, currentPassword))) throw new WrongPasswordError();
      await execute(userId, cmd('ChangePassword', { passwordHash: await hasher.hash(newPassword) }, now));
      const current = refreshToken ? await sessions.familyOf(refreshToken) : null;
      await sessions.revokeAllOf(
        userId,
        now,
        'password-changed',
        current?.userId === userId ? current.familyId : undefined,
      );
    },

    async updateUser(
      userId: string,
      input: { username?: string; email?: string },
      ip: string,
    ): Promise<UserProfile> {
      const now = clock();
      let record = await requireRecord(userId);
      if (input.email !== undefined && input.email !== record.email) {
        await limiter.check(now, [rules.sendPerIp, ip], [rules.sendPerAddress, `user:${userId}`]);
      }
      if (input.username !== undefined)
        await execute(userId, cmd('ChangeUsername', { username: input.username }, now));
      const holder =
        input.email !== undefined && input.email !== record.email ? await recordByEmail(input.email) : null;
      if (holder) {
        // no enumeration: answered as a requested change (nothing changes, no link is sent); the address's
        // holder is told. Confirming a link for a taken address is refused at activation anyway.
        notifyHolder('e-mail change attempt', holder, emailChangeAttemptMail);
      } else if (input.email !== undefined && input.email !== record.email) {
        await execute(userId, cmd('RequestEmailChange', { newEmail: input.email }, now));
        record = await requireRecord(userId);
        await issueAndSend('email-change', record, input.email, now);
      }
      return profileOf(await requireRecord(userId));
    },

    async preferences(userId: string): Promise<UserPreferences> {
      return (await requireRecord(userId)).preferences;
    },

    async updatePreferences(userId: string, preferences: Partial<UserPreferences>): Promise<UserPreferences> {
      await execute(userId, cmd('ChangePreferences', { preferences }, clock()));
      return (await requireRecord(userId)).preferences;
    },

    async initiatePasswordReset(email: string, ip: string): Promise<string> {
      const now = clock();
      await limiter.check(now, [rules.sendPerIp, ip], [rules.sendPerAddress, email]);
      const record = await recordByEmail(email);
      if (record)
        inBackground('password reset', async () => {
          await execute(record.userId, cmd('RequestPasswordReset', {}, now), null);
          await issueAndSend('password-reset', record, record.email, now);
        });
      return ACCEPTED_MESSAGES.passwordReset;
    },

    async resetPassword(token: string, newPassword: string): Promise<string> {
      const now = clock();
      // an invitation link sets the first password of an account a company created (and activates it)
      const consumed = await tokens.consume(token, ['password-reset', 'invitation'], now);
      if (!consumed) throw new InvalidTokenError();
      await execute(
        consumed.userId,
        cmd('ResetPassword', { passwordHash: await hasher.hash(newPassword) }, now),
        null,
      );
      await sessions.revokeAllOf(consumed.userId, now, 'password-reset');
      return ACCEPTED_MESSAGES.passwordReset_done;
    },

    /** Deletes the account: UserDeleted, read model without personal data, sessions and links revoked, key shredded. */
    async deleteAccount(userId: string, password: string) {
      const record = await requireRecord(userId);
      if (!(await hasher.verify(record.passwordHash, password))) throw new WrongPasswordError();
      await closeAccount(userId, 'self', userId);
    },

    /** tenant.tenants.v1 TenantCreated{ownerId, tenantId}: the owner's next token carries `tid`. */
    async assignTenant(ownerId: string, tenantId: string) {
      await execute(ownerId, cmd('AssignTenant', { tenantId }, clock()), null);
    },

    // ─── accounts companies manage (tenant.employees.v1, tenant.clients.v1, tenant.tenants.v1) ───────────

    /**
     * EmployeeInvited: the employee's account (user id = employee id, role employee, the tenant and the granted
     * permissions, no usable password) and an invitation e-mail with a set-password link. An address that
     * already has an account (a customer, an owner, another company's employee) is NOT turned into an employee:
     * logged and skipped, nothing recorded. A redelivery (the account exists) sends nothing.
     */
    async inviteEmployee(data: EmployeeInvitedData): Promise<'invited' | 'skipped'> {
      const now = clock();
      if (await readProjection<UserRecord>(users, data.employeeId)) return 'skipped';
      if (await recordByEmail(data.email)) {
        logger.warn(
          { employeeId: data.employeeId, tenantId: data.tenantId },
          'employee not invited: the e-mail address already has an account',
        );
        return 'skipped';
      }
      const registered = await registerInvited(
        {
          userId: data.employeeId,
          email: data.email,
          username: data.name,
          role: Roles.employee,
          tenantId: data.tenantId,
          permissions: data.permissions,
          marketingConsent: false,
        },
        now,
      );
      if (!registered) {
        logger.warn({ employeeId: data.employeeId }, 'employee not invited: lost a race for the address');
        return 'skipped';
      }
      await sendEmployeeInvitation(registered, data.companyName, now);
      return 'invited';
    },

    /** EmployeeInvitationResent: a new set-password link (the older one stops working) while not activated. */
    async resendEmployeeInvitation(employeeId: string, companyName: string) {
      const record = await recordOf(employeeId);
      if (record?.role !== Roles.employee || record.status !== 'pending_activation') return;
      await sendEmployeeInvitation(record, companyName, clock());
    },

    /** EmployeePasswordResetRequested: the same reset e-mail a person can ask for themselves. */
    async sendEmployeePasswordReset(employeeId: string) {
      const now = clock();
      const record = await recordOf(employeeId);
      if (record?.role !== Roles.employee || record.status !== 'active') return;
      await execute(employeeId, cmd('RequestPasswordReset', {}, now), null);
      await issueAndSend('password-reset', record, record.email, now);
    },

    /** EmployeeUpdated(name) → UsernameChanged. */
    async renameEmployee(employeeId: string, name: string) {
      const record = await recordOf(employeeId);
      if (record?.role !== Roles.employee) return;
      await execute(employeeId, cmd('ChangeUsername', { username: name }, clock()), null);
    },

    /** EmployeePermissionsChanged → UserPermissionsChanged; the employee's next access token carries them. */
    async changeEmployeePermissions(employeeId: string, permissions: Permission[]) {
      const record = await recordOf(employeeId);
      if (record?.role !== Roles.employee) return;
      await execute(employeeId, cmd('ChangePermissions', { permissions }, clock()), null);
    },

    /** EmployeeRemoved: the account is deleted, its sessions and links revoked, its key shredded. */
    async removeEmployee(employeeId: string) {
      const record = await recordOf(employeeId);
      if (record?.role !== Roles.employee) return;
      await closeAccount(employeeId, 'employee-removed', null);
    },

    /**
     * TenantDeleted: the owner keeps the account without a tenant (they may create a new company); the
     * employees' accounts of that tenant are deleted.
     */
    async tenantDeleted(data: Pick<TenantDeletedData, 'tenantId' | 'ownerId'>) {
      const now = clock();
      const owner = await recordOf(data.ownerId);
      if (owner) await execute(data.ownerId, cmd('UnassignTenant', { tenantId: data.tenantId }, now), null);
      const staff = (await users.find({ tenantId: data.tenantId, role: Roles.employee })) as UserRecord[];
      for (const employee of staff)
        if (employee.status !== 'deleted') await closeAccount(employee.userId, 'tenant-deleted', null);
    },

    /**
     * ClientEnrolled by staff (`userId: null`): link the customer account with that address, or create one
     * (pending, no password); then UserLinkedToClient (tenant marks the client active). A new or never
     * activated account gets an invitation with a set-password link, an active one a short notice. An
     * address whose account is not a customer's is logged and skipped. A redelivery (already linked) sends
     * nothing.
     */
    async enrollClient(data: ClientEnrolledData): Promise<'linked' | 'skipped'> {
      if (data.userId !== null) return 'skipped';
      const now = clock();
      let record = await recordByEmail(data.email);
      if (record && record.role !== Roles.customer) {
        logger.warn(
          { clientId: data.clientId, tenantId: data.tenantId, role: record.role },
          'client not linked: the e-mail address belongs to a non-customer account',
        );
        return 'skipped';
      }
      if (!record) {
        record = await registerInvited(
          {
            userId: randomUUID(),
            email: data.email,
            username: data.name,
            role: Roles.customer,
            tenantId: null,
            permissions: [],
            marketingConsent: data.marketingConsent,
          },
          now,
        );
        // lost a race for the address to another registration: the redelivery links that account
        if (!record) throw new Error('client enrolment: the address was registered meanwhile; retrying');
      }
      const { clientId, tenantId, programId } = data;
      const linked = await execute(
        record.userId,
        cmd('LinkToClient', { clientId, tenantId, programId }, now),
        null,
      );
      if (!linked.newEvents.length) return 'skipped';
      const notice = {
        to: record.email,
        username: record.username,
        companyName: data.companyName,
        programName: data.programName,
        publicUrl: config.PUBLIC_URL,
      };
      await deps.mailer.send(
        record.status === 'pending_activation'
          ? clientInvitationMail({
              ...notice,
              ...(await issueToken('invitation', record, record.email, now)),
            })
          : clientEnrolledMail(notice),
      );
      return 'linked';
    },

    /** for tests and tooling: the stream as the log stores it (sealed) and as the service reads it */
    readUserStream: (userId: string) => events.readStream(toUserStreamId(userId)),
  };

  /** UserDeleted, sessions and action tokens revoked, the person's key shredded. */
  async function closeAccount(userId: string, reason: DeletionReason, actorId: string | null) {
    const now = clock();
    await execute(userId, cmd('DeleteUser', { reason }, now), actorId);
    await sessions.revokeAllOf(userId, now, reason === 'self' ? 'account-deleted' : reason);
    await tokens.revoke(userId);
    await personKeys.shred(userId);
  }

  /**
   * Records a registration (by the person, or an account a company created). Null when another registration
   * took the address in the meantime: the unique e-mail index refused the read model, so the stream just
   * written is withdrawn (no read model exists for it) and its key shredded.
   */
  async function registerAccount(
    command: RegisterUser | RegisterInvitedUser,
    actorId: string | null,
  ): Promise<UserRecord | null> {
    const { userId } = command.data;
    try {
      await execute(userId, command, actorId);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const withdraw = cmd<DeleteUser>('DeleteUser', { reason: 'duplicate-email' }, command.metadata.now);
      await aggregate.appendOnly(userId, withdraw, { actorId: null });
      await personKeys.shred(userId);
      return null;
    }
    return requireRecord(userId);
  }

  /** An account a company created (no password): see registerAccount. */
  function registerInvited(data: RegisterInvitedUser['data'], now: Date) {
    return registerAccount(cmd<RegisterInvitedUser>('RegisterInvitedUser', data, now), null);
  }

  async function sendEmployeeInvitation(record: UserRecord, companyName: string, now: Date) {
    const { token, ttlSeconds } = await issueToken('invitation', record, record.email, now);
    await deps.mailer.send(
      employeeInvitationMail({
        to: record.email,
        username: record.username,
        companyName,
        token,
        ttlSeconds,
        publicUrl: config.PUBLIC_URL,
      }),
    );
  }

  function rule(name: string, limit: number, windowSeconds: number): RateRule {
    return { name, limit, windowSeconds };
  }
}

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;
