import type { JoinIntent } from '@punkto/contracts/identity';
import { Roles, type Role } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import type { PasswordHasher } from '../security/password-hasher';
import type { RequestGuards } from '../security/request-guards';
import { EmailTakenError, InvalidTokenError } from '../users/user.errors';
import type { UserRecord } from '../users/user-read-model';
import { userCommand, type Accounts } from './accounts';
import type { RegistrationJobs } from './registration-job';

const ACCEPTED_MESSAGES = {
  resendActivation:
    'Jeśli konto z tym adresem istnieje i nie jest aktywne, wysłaliśmy na nie nowy link aktywacyjny.',
  passwordReset: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do ustawienia nowego hasła.',
  emailConfirmation: 'Wysłaliśmy link potwierdzający na nowy adres e-mail.',
  activated: 'Konto zostało aktywowane. Możesz się zalogować.',
  emailChanged: 'Adres e-mail został zmieniony.',
  passwordReset_done: 'Hasło zostało zmienione. Możesz się zalogować.',
} as const;

export interface RegistrationDeps {
  accounts: Accounts;
  guards: RequestGuards;
  hasher: PasswordHasher;
  clock: () => Date;
  /** the durable job that completes a registration after its answer (registration-job.ts) */
  registrations: Pick<RegistrationJobs, 'accept'>;
}

export type RegisterInput = {
  email: string;
  password: string;
  username: string;
  role: Role;
  marketingConsent: boolean;
  /** a customer's phone (`+48…`); null or absent: none */
  phone?: string | null | undefined;
  /** a customer signing up from a program's enrolment page */
  joining?: JoinIntent | undefined;
  captchaToken?: string;
  ip: string;
};

async function register(
  { guards, hasher, clock, registrations }: RegistrationDeps,
  input: RegisterInput,
): Promise<{ userId: string }> {
  const now = clock();
  await guards.limiter.check(now, [guards.rules.registerPerIp, input.ip]);
  await guards.verifyCaptcha(input.captchaToken, 'register', input.ip);
  const userId = randomUUID();
  // the same argon2 work for every address (and what holds a flood back: it is paid before the answer)
  const passwordHash = await hasher.hash(input.password);
  // Then one durable write, the same for every address: the job that completes the registration. All
  // that differs between an address with an account and a new one (the lookup, the account's writes, the
  // activation or the attempt e-mail) is the job's, after the answer: the answer is the same, and so is
  // its timing (issue 36: a new address answered ~8 ms slower, 20 of 21 pairs), and what was accepted is
  // not lost to a crash or a failing store after the 201 (the job is retried). The id is the new
  // account's, or nobody's for a taken address.
  await registrations.accept({
    userId,
    email: input.email,
    username: input.username,
    passwordHash,
    role: input.role,
    marketingConsent: input.marketingConsent,
    phone: input.phone ?? null,
    ...(input.joining && input.role === Roles.customer && { joining: input.joining }),
    requestedAt: now.toISOString(),
  });
  return { userId };
}

/** Activation link, or confirmation of a new e-mail address (the stored purpose decides). */
async function activate(
  { accounts, clock }: RegistrationDeps,
  token: string,
): Promise<{ message: string; customer?: boolean }> {
  const now = clock();
  const consumed = await accounts.tokens.consume(token, ['activation', 'email-change'], now);
  if (!consumed) throw new InvalidTokenError();
  if (consumed.purpose === 'activation') {
    await accounts.execute(consumed.userId, userCommand('ActivateUser', {}, now));
    // a resend left the older links valid (ADR 0041); once one is used, the rest have nothing left to do
    await accounts.tokens.revoke(consumed.userId, 'activation');
    const record = await accounts.recordOf(consumed.userId);
    return { message: ACCEPTED_MESSAGES.activated, customer: record?.role === Roles.customer };
  }
  const owner = await accounts.recordByEmail(consumed.email);
  if (owner && owner.userId !== consumed.userId) throw new EmailTakenError();
  await accounts.execute(consumed.userId, userCommand('ConfirmEmailChange', { email: consumed.email }, now));
  return { message: ACCEPTED_MESSAGES.emailChanged };
}

/**
 * A request that may send an e-mail (a link): held back per IP and per `limitKey` (guards.mailSend), then
 * `send`, then the same answer whatever it found — an answer never reveals whether an address has an account.
 */
async function mailRequest(
  { guards, clock }: RegistrationDeps,
  limit: { ip: string; key: string },
  send: (now: Date) => Promise<void>,
  answer: string,
): Promise<string> {
  const now = clock();
  await guards.mailSend(now, limit.ip, limit.key);
  await send(now);
  return answer;
}

/**
 * {@link mailRequest} for an address: the account with it, if any and `wants` it, gets `work` in the background,
 * after the answer (so the answer's timing does not tell either).
 */
const mailToAccount = (
  deps: RegistrationDeps,
  request: { email: string; ip: string; what: string; answer: string },
  work: (record: UserRecord, now: Date) => Promise<void>,
  wants: (record: UserRecord) => boolean = () => true,
) =>
  mailRequest(
    deps,
    { ip: request.ip, key: request.email },
    async (now) => {
      const record = await deps.accounts.recordByEmail(request.email);
      if (record && wants(record)) deps.accounts.inBackground(request.what, () => work(record, now));
    },
    request.answer,
  );

const resendActivation = (deps: RegistrationDeps, email: string, ip: string) =>
  mailToAccount(
    deps,
    { email, ip, what: 'resend activation', answer: ACCEPTED_MESSAGES.resendActivation },
    (record, now) => deps.accounts.issueAndSend('activation', record, record.email, now),
    // an account a company created has no password yet: its way in is the invitation link (or a reset),
    // an activation link would activate an account nobody can log in to
    (record) => record.status === 'pending_activation' && record.passwordHash !== '',
  );

const resendEmailConfirmation = (deps: RegistrationDeps, userId: string, ip: string) =>
  mailRequest(
    deps,
    { ip, key: `user:${userId}` },
    async (now) => {
      const record = await deps.accounts.requireRecord(userId);
      // no pending change (e.g. the new address was taken, and answered neutrally): the same answer, no mail
      if (record.pendingEmail)
        await deps.accounts.issueAndSend('email-change', record, record.pendingEmail, now);
    },
    ACCEPTED_MESSAGES.emailConfirmation,
  );

const initiatePasswordReset = (deps: RegistrationDeps, email: string, ip: string) =>
  mailToAccount(
    deps,
    { email, ip, what: 'password reset', answer: ACCEPTED_MESSAGES.passwordReset },
    async (record, now) => {
      await deps.accounts.execute(record.userId, userCommand('RequestPasswordReset', {}, now), null);
      await deps.accounts.issueAndSend('password-reset', record, record.email, now);
    },
  );

async function resetPassword(
  { accounts, hasher, clock }: RegistrationDeps,
  token: string,
  newPassword: string,
): Promise<string> {
  const now = clock();
  // an invitation link sets the first password of an account a company created (and activates it)
  const consumed = await accounts.tokens.consume(token, ['password-reset', 'invitation'], now);
  if (!consumed) throw new InvalidTokenError();
  await accounts.execute(
    consumed.userId,
    userCommand('ResetPassword', { passwordHash: await hasher.hash(newPassword) }, now),
    null,
  );
  await accounts.sessions.revokeAllOf(consumed.userId, now, 'password-reset');
  return ACCEPTED_MESSAGES.passwordReset_done;
}

/**
 * Registration and the one-time links: register, activate (or confirm a new address), resend the activation
 * or the confirmation, request and use a password reset. Answers never reveal whether an address has an
 * account: the neutral answers are the same, the e-mails go after them. A registration does the same work
 * for every address before its answer (rate limit, captcha, the argon2 hash, one durable job written); the
 * lookup, the account's writes and the e-mail are that job's (registration-job.ts), so nothing that depends
 * on the address runs before the answer, and nothing accepted is lost if the process or a store fails after it.
 * Each use case is a function above; this binds them to one set of dependencies for the identity service.
 */
export function registration(accounts: Accounts, deps: Omit<RegistrationDeps, 'accounts'>) {
  const all: RegistrationDeps = { accounts, ...deps };
  return {
    register: (input: RegisterInput) => register(all, input),
    activate: (token: string) => activate(all, token),
    resendActivation: (email: string, ip: string) => resendActivation(all, email, ip),
    resendEmailConfirmation: (userId: string, ip: string) => resendEmailConfirmation(all, userId, ip),
    initiatePasswordReset: (email: string, ip: string) => initiatePasswordReset(all, email, ip),
    resetPassword: (token: string, newPassword: string) => resetPassword(all, token, newPassword),
  };
}
