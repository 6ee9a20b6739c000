import type { UserProfile } from '@punkto/contracts/identity';
import type { Logger } from '@punkto/platform/observability/logger';
import type { IdentityConfig } from '../config';
import type { PasswordHasher } from '../security/password-hasher';
import type { RequestGuards } from '../security/request-guards';
import { signAccessToken } from '../tokens/access-token';
import type { SigningKey } from '../tokens/signing-keys';
import { AccountNotActiveError, InvalidCredentialsError, RefreshFailedError } from '../users/user.errors';
import type { UserRecord } from '../users/user-read-model';
import { permissionsOf, profileOf, type Accounts } from './accounts';

export interface IssuedSession {
  profile: UserProfile;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
  familyId: string;
}

export interface SignInDeps {
  accounts: Accounts;
  config: IdentityConfig;
  guards: RequestGuards;
  hasher: PasswordHasher;
  signingKey: SigningKey;
  logger: Logger;
  clock: () => Date;
}

async function accessFor(
  { config, signingKey }: SignInDeps,
  record: UserRecord,
  now: Date,
  sessionId: string,
) {
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
      // records written before access versions lack it (ADR 0038)
      accessVersion: record.accessVersion ?? 0,
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

export type LoginInput = { email: string; password: string; captchaToken?: string; ip: string };

async function login(deps: SignInDeps, input: LoginInput): Promise<IssuedSession> {
  const { accounts, guards, hasher } = deps;
  const now = deps.clock();
  // the lock is per address, whatever the IP; unknown addresses alike (security/login-lockout.ts)
  const record = await guards.passwordAttempt(
    { email: input.email, ip: input.ip, now, captcha: { token: input.captchaToken } },
    async () => {
      const found = await accounts.recordByEmail(input.email);
      // the same argon2 work whether or not the address exists: the answer's timing reveals nothing
      // (an account a company created has no password until the invitation link sets one)
      const ok = found?.passwordHash
        ? await hasher.verify(found.passwordHash, input.password)
        : await hasher.verifyNothing(input.password);
      return ok ? found : null;
    },
  );
  if (!record) throw new InvalidCredentialsError();
  // only someone who knows the password learns that the account is not active yet
  if (record.status !== 'active') throw new AccountNotActiveError();
  const session = await accounts.sessions.start(record.userId, now);
  return {
    ...(await accessFor(deps, record, now, session.familyId)),
    refreshToken: session.token,
    refreshTokenExpiresAt: session.expiresAt,
    familyId: session.familyId,
  };
}

/** Rotates the refresh token; failure (unknown, expired, revoked, reused) → RefreshFailedError. */
async function refresh(deps: SignInDeps, refreshToken: string | undefined) {
  const { sessions, recordOf } = deps.accounts;
  const now = deps.clock();
  if (!refreshToken) throw new RefreshFailedError();
  const rotated = await sessions.rotate(refreshToken, now);
  if (!rotated.ok) {
    deps.logger.info({ reason: rotated.reason, familyId: rotated.familyId }, 'refresh refused');
    throw new RefreshFailedError();
  }
  const record = await recordOf(rotated.userId);
  if (!record || record.status !== 'active') {
    await sessions.revokeFamily(rotated.familyId, now, 'user-not-active');
    throw new RefreshFailedError();
  }
  return {
    ...(await accessFor(deps, record, now, rotated.familyId)),
    refreshToken: rotated.token,
    refreshTokenExpiresAt: rotated.expiresAt,
    familyId: rotated.familyId,
  };
}

async function logout({ accounts, clock }: SignInDeps, refreshToken: string | undefined) {
  if (!refreshToken) return;
  const family = await accounts.sessions.familyOf(refreshToken);
  if (family) await accounts.sessions.revokeFamily(family.familyId, clock(), 'logout');
}

/**
 * Signing in and staying signed in: login (rate rules, lockout, captcha, the same password work for unknown
 * addresses), the rotating refresh token with reuse detection, logout, and the access tokens (EdDSA, the
 * claims every service reads: role, `tid`, permissions). Each use case is a function above; this binds them
 * to one set of dependencies for the identity service.
 */
export function signIn(accounts: Accounts, deps: Omit<SignInDeps, 'accounts'>) {
  const all: SignInDeps = { accounts, ...deps };
  return {
    signingKey: deps.signingKey,
    jwks: () => ({ keys: [deps.signingKey.publicJwk as Record<string, unknown>] }),
    login: (input: LoginInput) => login(all, input),
    refresh: (refreshToken: string | undefined) => refresh(all, refreshToken),
    logout: (refreshToken: string | undefined) => logout(all, refreshToken),
  };
}
