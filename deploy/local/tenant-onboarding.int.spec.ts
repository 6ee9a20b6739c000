import { Roles } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../services/identity/src/users/user.routes';
import { cookie, poll, startIdentityAndTenant, type IdentityAndTenant } from './testing/identity-and-tenant';

/**
 * Embedded, cross-service: an owner creates a tenant in the TENANT service; tenant's relay publishes
 * TenantCreated on the SQLite bus (DATA_DIR/bus.db, shared as in `npm start`); IDENTITY's consumer (the same
 * ConsumerSpec main.ts runs) sets the owner's tenant id; the next /users/refresh issues a token with `tid`,
 * which the tenant service then accepts for GET /tenants/{id}. Real apps, real adapters, real code paths.
 */
let product: IdentityAndTenant;
beforeAll(async () => {
  product = await startIdentityAndTenant();
});
afterAll(async () => product?.close());

/** An activated, logged-in owner without a company: the user id and the two session cookies. */
async function activeOwner(email: string) {
  const { userId, loggedIn } = await product.activeOwner(email);
  return { userId, access: cookie(loggedIn, ACCESS_COOKIE)!, refresh: cookie(loggedIn, REFRESH_COOKIE)! };
}

describe('tenant → SQLite bus → identity: the owner token learns its tenant', () => {
  it('creates a tenant and the next refreshed token carries `tid`', async () => {
    const owner = await activeOwner('wlasciciel@example.pl');
    expect(decodeJwt(owner.access).tid).toBeUndefined();

    const created = await product.callTenant(owner.access, 'POST', '/api/v1/tenants/create', {
      companyName: 'Kawiarnia Pod Lipą',
      nip: '123-456-32-18',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { tenantId } = created.json() as { tenantId: string };

    // relay → bus → consumer is asynchronous: refresh until identity has applied TenantCreated
    let refresh = owner.refresh;
    let access = '';
    await expect
      .poll(async () => {
        const res = await product.identityApp.inject({
          url: '/api/v1/users/refresh',
          cookies: { [REFRESH_COOKIE]: refresh },
        });
        expect(res.statusCode, res.body).toBe(200);
        refresh = cookie(res, REFRESH_COOKIE)!; // rotated
        access = cookie(res, ACCESS_COOKIE)!;
        return res.json().user.tenantId;
      }, poll)
      .toBe(tenantId);
    expect(decodeJwt(access)).toMatchObject({ sub: owner.userId, role: Roles.owner, tid: tenantId });

    const me = await product.identityApp.inject({
      url: '/api/v1/users/me',
      cookies: { [ACCESS_COOKIE]: access },
    });
    expect(me.json()).toMatchObject({ id: owner.userId, tenantId });

    // the new token opens the tenant, and a second tenant is refused before any work
    const read = await product.callTenant(access, 'GET', `/api/v1/tenants/${tenantId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: tenantId, ownerId: owner.userId, nip: '1234563218' });
    const second = await product.callTenant(access, 'POST', '/api/v1/tenants/create', {
      companyName: 'Druga firma',
      nip: '5260001246',
    });
    expect(second.statusCode).toBe(409);
  });
});
