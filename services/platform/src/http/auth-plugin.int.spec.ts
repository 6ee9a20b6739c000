import { Roles } from '@punkto/contracts/permissions';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../observability/logger';
import { ACCESS_COOKIE, accessGuard, authPlugin } from './auth-plugin';
import { createServer } from './server';

// identity will issue real tokens; until then a locally generated Ed25519 key stands in for its JWKS
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const otherKeys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' };

async function token(
  claims: Record<string, unknown>,
  options: { key?: Parameters<SignJWT['sign']>[0]; exp?: string; iss?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setIssuer(options.iss ?? 'punkto-identity')
    .setAudience('punkto')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '30m')
    .sign(options.key ?? keys.privateKey);
}

describe('authPlugin', () => {
  const app = createServer({ service: 'test', logger: createLogger('test', 'silent') });
  app.register(authPlugin, {
    keys: createLocalJWKSet({ keys: [jwk] }),
    issuer: 'punkto-identity',
    audience: 'punkto',
  });
  app.register(async (scoped) => {
    scoped.get(
      '/me',
      { preHandler: accessGuard({ auth: 'authenticated' }) },
      async (request) => request.user,
    );
    scoped.get(
      '/tenants/:id/clients',
      { preHandler: accessGuard({ auth: 'clients.view', tenant: { path: 'id' } }) },
      async () => ({
        ok: true,
      }),
    );
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const get = (url: string, jwt?: string) =>
    app.inject({ url, ...(jwt && { cookies: { [ACCESS_COOKIE]: jwt } }) });

  it('401 without a token', async () => {
    const res = await get('/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('reads a valid token from the cookie', async () => {
    const res = await get('/me', await token({ sub: 'u1', role: Roles.owner, tid: 't1', email: 'a@b.pl' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 'u1',
      role: 'business_owner',
      tenantId: 't1',
      permissions: [],
      email: 'a@b.pl',
    });
  });

  it('accepts a Bearer token too', async () => {
    const jwt = await token({ sub: 'u1', role: Roles.customer });
    const res = await app.inject({ url: '/me', headers: { authorization: `Bearer ${jwt}` } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['expired', () => token({ sub: 'u1', role: Roles.owner }, { exp: '-1m' })],
    ['signed by another key', () => token({ sub: 'u1', role: Roles.owner }, { key: otherKeys.privateKey })],
    ['from another issuer', () => token({ sub: 'u1', role: Roles.owner }, { iss: 'evil' })],
    ['with an unknown role', () => token({ sub: 'u1', role: 'admin' })],
    ['garbage', async () => 'not.a.jwt'],
  ])('treats a token %s as anonymous', async (_name, make) => {
    expect((await get('/me', await make())).statusCode).toBe(401);
  });

  it('refuses another tenant with 403 PERMISSION_DENIED', async () => {
    const jwt = await token({ sub: 'u1', role: Roles.owner, tid: 't1' });
    expect((await get('/tenants/t1/clients', jwt)).statusCode).toBe(200);
    const res = await get('/tenants/t2/clients', jwt);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('lets an employee through only with the granted permission', async () => {
    const without = await token({ sub: 'e1', role: Roles.employee, tid: 't1', perms: ['cards.scan'] });
    const withPerm = await token({ sub: 'e1', role: Roles.employee, tid: 't1', perms: ['clients.view'] });
    expect((await get('/tenants/t1/clients', without)).statusCode).toBe(403);
    expect((await get('/tenants/t1/clients', withPerm)).statusCode).toBe(200);
  });

  it('never lets a customer into a tenant', async () => {
    const jwt = await token({ sub: 'c1', role: Roles.customer, tid: 't1' });
    expect((await get('/tenants/t1/clients', jwt)).statusCode).toBe(403);
  });
});

describe('authPlugin: verified tokens kept', () => {
  let keyLookups = 0;
  const jwks = createLocalJWKSet({ keys: [jwk] });
  const revoked = new Set<string>();
  const app = createServer({ service: 'test', logger: createLogger('test', 'silent') });
  app.register(authPlugin, {
    keys: (header, input) => {
      keyLookups++;
      return jwks(header, input);
    },
    issuer: 'punkto-identity',
    audience: 'punkto',
    isRevoked: (claims) => revoked.has(claims.sub),
  });
  app.register(async (scoped) => {
    scoped.get(
      '/me',
      { preHandler: accessGuard({ auth: 'authenticated' }) },
      async (request) => request.user,
    );
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());
  const get = (jwt: string) => app.inject({ url: '/me', cookies: { [ACCESS_COOKIE]: jwt } });

  it("verifies a session's token once, not on every call", async () => {
    const jwt = await token({ sub: 'kept-1', role: Roles.owner, tid: 't1' });
    const before = keyLookups;
    for (let i = 0; i < 5; i++) expect((await get(jwt)).json()).toMatchObject({ id: 'kept-1' });
    expect(keyLookups - before).toBe(1);
  });

  it('a kept token stops admitting at its expiry', async () => {
    const jwt = await token({ sub: 'kept-2', role: Roles.owner }, { exp: '2m' });
    expect((await get(jwt)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 + 1000 });
    expect((await get(jwt)).statusCode).toBe(401);
  });

  it('a kept token is refused once its session is revoked', async () => {
    const jwt = await token({ sub: 'kept-3', role: Roles.owner });
    expect((await get(jwt)).statusCode).toBe(200);
    revoked.add('kept-3');
    expect((await get(jwt)).statusCode).toBe(401);
  });

  it('an invalid token is verified (and refused) every time', async () => {
    const jwt = await token({ sub: 'kept-4', role: Roles.owner }, { key: otherKeys.privateKey });
    const before = keyLookups;
    for (let i = 0; i < 3; i++) expect((await get(jwt)).statusCode).toBe(401);
    expect(keyLookups - before).toBe(3);
  });
});
