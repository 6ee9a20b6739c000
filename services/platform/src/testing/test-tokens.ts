import type { Permission, Role } from '@punkto/contracts/permissions';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';

/**
 * Access tokens for a service's int specs: a locally generated Ed25519 key stands in for identity's signing
 * key. `jwks` goes into the service's deps (ServiceDeps.jwks); `tokenFor` signs the claims identity puts in
 * an access token (issuer and audience are the platform defaults of AUTH_ISSUER / AUTH_AUDIENCE).
 */
export interface TestCaller {
  /** the token's `sub` */
  id: string;
  role: Role;
  /** tenant id */
  tid?: string;
  perms?: Permission[];
  email?: string;
  name?: string;
}

export interface TestTokens {
  jwks: JWTVerifyGetKey;
  tokenFor(caller: TestCaller): Promise<string>;
}

export async function testTokens(options: { expiresIn?: string } = {}): Promise<TestTokens> {
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwks = createLocalJWKSet({
    keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }],
  });
  return {
    jwks,
    tokenFor: ({ id, role, tid, perms, email, name }) =>
      new SignJWT({
        role,
        ...(tid && { tid }),
        ...(perms && { perms }),
        ...(email && { email }),
        ...(name && { name }),
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
        .setSubject(id)
        .setIssuer('punkto-identity')
        .setAudience('punkto')
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(keys.privateKey),
  };
}
