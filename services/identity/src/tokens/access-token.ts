import type { Permission, Role } from '@punkto/contracts/permissions';
import { SignJWT } from 'jose';
import type { SigningKey } from './signing-keys';

export interface AccessTokenSubject {
  userId: string;
  /** the session (login family) this token belongs to: the `sid` claim revocations name */
  sessionId: string;
  role: Role;
  tenantId: string | null;
  email: string;
  /** the account's name (tenant's join uses it for the client list) */
  name?: string;
  permissions?: Permission[];
  /** the account's access version: services refuse a token below the latest they heard of (ADR 0038) */
  accessVersion?: number;
}

/** Signs the access token with the claims platform/http/auth-plugin.ts verifies. */
export async function signAccessToken(
  key: SigningKey,
  subject: AccessTokenSubject,
  options: { now: Date; ttlSeconds: number; issuer: string; audience: string },
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(options.now.getTime() / 1000);
  const exp = iat + options.ttlSeconds;
  const token = await new SignJWT({
    role: subject.role,
    sid: subject.sessionId,
    ...(subject.tenantId && { tid: subject.tenantId }),
    perms: subject.permissions ?? [],
    av: subject.accessVersion ?? 0,
    email: subject.email,
    ...(subject.name && { name: subject.name }),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
    .setSubject(subject.userId)
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { token, expiresAt: new Date(exp * 1000) };
}
