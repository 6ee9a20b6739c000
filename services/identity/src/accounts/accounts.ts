import type { UserProfile } from '@punkto/contracts/identity';
import { Roles, type Permission } from '@punkto/contracts/permissions';
import type { Captcha } from '../captcha/captcha.port';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { AccessRevocations } from '@punkto/platform/http/access-revocations';
import type { Mailer, MailMessage } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import { documentPersonKeys } from '@punkto/platform/privacy/person-keys';
import { piiEventStore } from '@punkto/platform/privacy/pii-event-store';
import { readProjection } from '@punkto/platform/projections/projection';
import type { IdentityConfig } from '../config';
import type { registrationAttemptMail } from '../mail/identity-mails';
import { activationMail, emailConfirmationMail, passwordResetMail } from '../mail/identity-mails';
import type { PasswordHasher } from '../security/password-hasher';
import { sessionStore } from '../sessions/sessions';
import { actionTokens, type TokenPurpose } from '../tokens/action-tokens';
import {
  toUserStreamId,
  USER_PII_FIELDS,
  USER_PUBLISHED_PII_FIELDS,
  USER_STREAM_PREFIX,
  type DeletionReason,
} from '../users/user';
import {
  userDecider,
  type DeleteUser,
  type RegisterInvitedUser,
  type RegisterUser,
  type UserCommand,
} from '../users/user.decider';
import { UserNotFoundError } from '../users/user.errors';
import {
  applyUserEvent,
  ensureUserIndexes,
  USERS_COLLECTION,
  type UserRecord,
  type UserRecordDoc,
} from '../users/user-read-model';

export interface IdentityServiceDeps {
  config: IdentityConfig;
  eventStore: EventStore;
  documents: DocumentStore;
  mailer: Mailer;
  /** durable jobs: the registrations accepted and not yet completed (registration-job.ts) */
  scheduler: Scheduler;
  captcha: Captcha;
  hasher: PasswordHasher;
  logger: Logger;
  clock: () => Date;
  /** this process's revocation list: identity's own sessions are revoked there at once (ADR 0010) */
  revocations?: Pick<AccessRevocations, 'revokeSessions'>;
}

/** A User command stamped with its time. */
export const userCommand = <C extends UserCommand>(type: C['type'], data: C['data'], now: Date) =>
  ({ type, data, metadata: { now } }) as C;

/** an employee's own grants; owners hold every permission by role (their tokens carry []), customers none */
export const permissionsOf = (r: UserRecord): Permission[] =>
  r.role === Roles.employee ? r.permissions : [];

export const profileOf = (r: UserRecord): UserProfile => ({
  id: r.userId,
  email: r.email,
  tenantId: r.tenantId,
  role: r.role,
  username: r.username,
  ...(r.role === Roles.employee && { permissions: permissionsOf(r) }),
  // nobody checks a customer owns the number (no SMS): the profile says so
  ...(r.role === Roles.customer && { phone: r.phone ?? null, phoneVerified: false }),
});

/** The User aggregate on its PII-sealing log, its read model, sessions and tokens: what every account use case works on. */
export interface UserLog {
  deps: IdentityServiceDeps;
  personKeys: ReturnType<typeof documentPersonKeys>;
  events: EventStore;
  aggregate: ReturnType<typeof userAggregate>;
  users: ReturnType<typeof usersCollection>;
  sessions: ReturnType<typeof sessionStore>;
  tokens: ReturnType<typeof actionTokens>;
  /** work whose duration must not reveal whether an e-mail exists runs after the answer; tracked for shutdown/tests */
  pending: Set<Promise<void>>;
}

const usersCollection = (documents: DocumentStore) => documents.collection<UserRecordDoc>(USERS_COLLECTION);

function userAggregate(events: EventStore, users: ReturnType<typeof usersCollection>) {
  return projectedCommandHandler({
    eventStore: events,
    decider: userDecider,
    streamId: toUserStreamId,
    collection: users,
    apply: applyUserEvent,
  });
}

function execute(log: UserLog, userId: string, command: UserCommand, actorId: string | null = userId) {
  return log.aggregate.run(userId, command, { actorId });
}

async function openUserLog(deps: IdentityServiceDeps): Promise<UserLog> {
  const { config, documents, clock } = deps;
  const personKeys = documentPersonKeys(documents, clock);
  const events = piiEventStore(deps.eventStore, personKeys, {
    streamPrefix: USER_STREAM_PREFIX,
    fields: USER_PII_FIELDS,
  });
  const users = usersCollection(documents);
  const aggregate = userAggregate(events, users);
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
      await aggregate.run(userId, userCommand('RevokeSessions', { sessionIds: [familyId], reason }, now), {
        actorId: null,
      });
    },
  );
  const tokens = actionTokens(documents);
  await Promise.all([ensureUserIndexes(users), sessions.ensureIndexes(), tokens.ensureIndexes()]);
  return { deps, personKeys, events, aggregate, users, sessions, tokens, pending: new Set() };
}

/**
 * What the relay tails: the log as stored (sealed), with only a customer's phone and a staff account's confirmed
 * address unsealed, so identity.users.v1 carries UserPhoneChanged's phone (ADR 0017) and StaffEmailChanged's
 * address (ADR 0053) plain and every other personal value sealed.
 */
function relayEventsOf({ deps, personKeys }: UserLog): EventStore {
  return piiEventStore(deps.eventStore, personKeys, {
    streamPrefix: USER_STREAM_PREFIX,
    fields: USER_PUBLISHED_PII_FIELDS,
  });
}

function inBackground(log: UserLog, what: string, work: () => Promise<void>) {
  const run = work()
    .catch((error: unknown) => log.deps.logger.error({ err: error }, `identity: ${what} failed`))
    .finally(() => log.pending.delete(run));
  log.pending.add(run);
}

async function settled(log: UserLog) {
  while (log.pending.size) await Promise.all([...log.pending]);
}

async function mailHolder(
  { deps }: UserLog,
  holder: UserRecord,
  mail: typeof registrationAttemptMail,
  messageId?: string,
): Promise<void> {
  const message = mail({ to: holder.email, username: holder.username, publicUrl: deps.config.PUBLIC_URL });
  await deps.mailer.send(messageId ? { ...message, messageId } : message);
}

async function recordOf(log: UserLog, userId: string): Promise<UserRecord | null> {
  const doc = await readProjection<UserRecord>(log.users, userId);
  return doc && doc.status !== 'deleted' ? doc : null;
}

async function recordByEmail(log: UserLog, email: string): Promise<UserRecord | null> {
  const doc = (await log.users.findOne({ email })) as (UserRecord & { _id: string }) | null;
  return doc && doc.status !== 'deleted' ? doc : null;
}

async function requireRecord(log: UserLog, userId: string): Promise<UserRecord> {
  const record = await recordOf(log, userId);
  if (!record) throw new UserNotFoundError();
  return record;
}

async function issueToken(log: UserLog, purpose: TokenPurpose, record: UserRecord, to: string, now: Date) {
  const { config } = log.deps;
  const ttlSeconds = {
    activation: config.ACTIVATION_TOKEN_TTL_SECONDS,
    'email-change': config.EMAIL_CHANGE_TOKEN_TTL_SECONDS,
    'password-reset': config.PASSWORD_RESET_TOKEN_TTL_SECONDS,
    invitation: config.INVITATION_TOKEN_TTL_SECONDS,
  }[purpose];
  const token = await log.tokens.issue({ purpose, userId: record.userId, email: to, now, ttlSeconds });
  return { token, ttlSeconds };
}

/** A link e-mail (activation, new address confirmation, password reset) with a fresh one-time token. */
async function issueAndSend(
  log: UserLog,
  purpose: Exclude<TokenPurpose, 'invitation'>,
  record: UserRecord,
  to: string,
  now: Date,
): Promise<void> {
  const { token, ttlSeconds } = await issueToken(log, purpose, record, to, now);
  const input = {
    to,
    username: record.username,
    token,
    publicUrl: log.deps.config.PUBLIC_URL,
    ttlSeconds,
    joining: record.joining,
  };
  const mail: MailMessage =
    purpose === 'activation'
      ? activationMail(input)
      : purpose === 'email-change'
        ? emailConfirmationMail(input)
        : passwordResetMail(input);
  await log.deps.mailer.send(mail);
}

/**
 * Records a registration (by the person, or an account a company created). Null when another registration
 * took the address in the meantime: the unique e-mail index refused the read model, so the stream just
 * written is withdrawn (no read model exists for it) and its key shredded.
 */
async function registerAccount(
  log: UserLog,
  command: RegisterUser | RegisterInvitedUser,
  actorId: string | null,
): Promise<UserRecord | null> {
  const { userId } = command.data;
  try {
    await execute(log, userId, command, actorId);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    const withdraw = userCommand<DeleteUser>(
      'DeleteUser',
      { reason: 'duplicate-email' },
      command.metadata.now,
    );
    await log.aggregate.appendOnly(userId, withdraw, { actorId: null });
    await log.personKeys.shred(userId);
    return null;
  }
  return requireRecord(log, userId);
}

/** UserDeleted, sessions and action tokens revoked, the person's key shredded. */
async function closeAccount(log: UserLog, userId: string, reason: DeletionReason, actorId: string | null) {
  const now = log.deps.clock();
  await execute(log, userId, userCommand('DeleteUser', { reason }, now), actorId);
  await log.sessions.revokeAllOf(userId, now, reason === 'self' ? 'account-deleted' : reason);
  await log.tokens.revoke(userId);
  await log.personKeys.shred(userId);
}

/**
 * What every part of identity's application layer shares: the User aggregate (decided, appended on a
 * PII-sealing view of the log and projected into `users` in one call), lookups in that read model, sessions
 * and one-time link tokens, registering and closing accounts, link e-mails, and work that runs after a
 * neutral answer. The use cases are in registration.ts, sign-in.ts, profile.ts and company-accounts.ts;
 * each operation here is a top-level function above, bound to the one opened log.
 */
export async function createAccounts(deps: IdentityServiceDeps) {
  const log = await openUserLog(deps);
  return {
    execute: (userId: string, command: UserCommand, actorId: string | null = userId) =>
      execute(log, userId, command, actorId),
    users: log.users,
    relayEvents: relayEventsOf(log),
    sessions: log.sessions,
    tokens: log.tokens,
    recordOf: (userId: string) => recordOf(log, userId),
    recordByEmail: (email: string) => recordByEmail(log, email),
    requireRecord: (userId: string) => requireRecord(log, userId),
    issueToken: (purpose: TokenPurpose, record: UserRecord, to: string, now: Date) =>
      issueToken(log, purpose, record, to, now),
    inBackground: (what: string, work: () => Promise<void>) => inBackground(log, what, work),
    /** resolves when background work (e-mails of neutral-answer calls) has finished */
    settled: () => settled(log),
    issueAndSend: (purpose: Exclude<TokenPurpose, 'invitation'>, record: UserRecord, to: string, now: Date) =>
      issueAndSend(log, purpose, record, to, now),
    /** A notice to the holder of an address someone else tried to use, sent after the neutral answer. */
    notifyHolder: (what: string, holder: UserRecord, mail: typeof registrationAttemptMail) =>
      inBackground(log, what, () => mailHolder(log, holder, mail)),
    /** The same notice, awaited (a durable job's step); `messageId` makes a resend after a crash recognisable. */
    mailHolder: (holder: UserRecord, mail: typeof registrationAttemptMail, messageId?: string) =>
      mailHolder(log, holder, mail, messageId),
    /** replays a user's stream into `users` (a registration whose read model a crash left unwritten) */
    rebuildUser: (userId: string) => log.aggregate.rebuild(userId),
    registerAccount: (command: RegisterUser | RegisterInvitedUser, actorId: string | null) =>
      registerAccount(log, command, actorId),
    /** An account a company created (no password): see registerAccount. */
    registerInvited: (data: RegisterInvitedUser['data'], now: Date) =>
      registerAccount(log, userCommand<RegisterInvitedUser>('RegisterInvitedUser', data, now), null),
    closeAccount: (userId: string, reason: DeletionReason, actorId: string | null) =>
      closeAccount(log, userId, reason, actorId),
    /** for tests and tooling: the stream as the service reads it (unsealed) */
    readUserStream: (userId: string) => log.events.readStream(toUserStreamId(userId)),
  };
}

export type Accounts = Awaited<ReturnType<typeof createAccounts>>;
