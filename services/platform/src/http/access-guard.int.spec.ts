import { defineEndpoint, type Access } from '@punkto/contracts/endpoint';
import { Roles, type Permission } from '@punkto/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../observability/logger';
import { testTokens, type TestCaller } from '../testing/test-tokens';
import { ACCESS_COOKIE, authPlugin } from './auth-plugin';
import { endpointOfHandler, registerEndpoint } from './endpoint-route';
import { createServer } from './server';

const { jwks, tokenFor } = await testTokens();

function server() {
  const app = createServer({ service: 'test', logger: createLogger('test', 'silent') });
  app.register(authPlugin, {
    keys: jwks,
    issuer: 'punkto-identity',
    audience: 'punkto',
  });
  return app;
}

/** One endpoint per kind of access rule the contracts declare. */
const rule = (path: string, access: Access, extra: object = {}) =>
  defineEndpoint({
    method: 'post',
    path,
    owner: 'tenant',
    summary: path,
    tags: [],
    ...access,
    ...extra,
  } as never);
const endpoints = {
  caller: rule('/me', { auth: 'authenticated' }),
  owner: rule('/owner', { auth: Roles.owner }),
  customer: rule('/customer', { auth: Roles.customer }),
  tenantMember: rule('/tenants/{id}', { auth: 'authenticated', tenant: { path: 'id' } }),
  tenantPermission: rule('/tenants/{id}/clients', { auth: 'clients.view', tenant: { path: 'id' } }),
  ownTenant: rule('/cards/{id}', { auth: 'cards.scan', tenant: 'caller' }),
  queryTenant: rule(
    '/subscriptions',
    { auth: 'billing.manage', tenant: { query: 'tenantId' } },
    { query: z.object({ tenantId: z.string() }) },
  ),
  bodyTenant: rule(
    '/payments',
    { auth: 'billing.manage', tenant: { body: 'tenantId' } },
    { body: z.object({ tenantId: z.string() }) },
  ),
};

describe('the guard registerEndpoint derives from the contract', () => {
  const app = server();
  app.register(async (scope) => {
    for (const endpoint of Object.values(endpoints))
      registerEndpoint(scope, endpoint, async () => ({ ok: true }) as never);
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const call = async (url: string, caller: TestCaller | null, body: object = {}) =>
    (
      await app.inject({
        method: 'POST',
        url,
        payload: body,
        ...(caller && { cookies: { [ACCESS_COOKIE]: await tokenFor(caller) } }),
      })
    ).statusCode;
  const owner = { id: 'o', role: Roles.owner, tid: 't1' };
  const employee = (perms: Permission[]) => ({ id: 'e', role: Roles.employee, tid: 't1', perms });
  const customer = { id: 'c', role: Roles.customer };
  const otherOwner = { id: 'x', role: Roles.owner, tid: 't2' };

  it('registers each endpoint through registerEndpoint (the route knows its contract)', () => {
    for (const endpoint of Object.values(endpoints)) {
      const url = endpoint.path.replace(/\{(\w+)\}/g, ':$1');
      const route = app.registeredRoutes.find((r) => r.method === 'POST' && r.url === url);
      expect(endpointOfHandler(route?.handler)).toBe(endpoint);
    }
  });

  it('answers 401 to anonymous callers of every non-public rule', async () => {
    for (const url of ['/me', '/owner', '/customer', '/tenants/t1', '/tenants/t1/clients', '/cards/c1'])
      expect(await call(url, null), url).toBe(401);
    expect(await call('/subscriptions?tenantId=t1', null)).toBe(401);
    expect(await call('/payments', null, { tenantId: 't1' })).toBe(401);
  });

  it('lets any signed-in caller act on themself', async () => {
    expect(await call('/me', customer)).toBe(200);
  });

  it('restricts a role endpoint to that role (403 otherwise)', async () => {
    expect(await call('/owner', owner)).toBe(200);
    expect(await call('/owner', customer)).toBe(403);
    expect(await call('/customer', customer)).toBe(200);
    expect(await call('/customer', owner)).toBe(403);
  });

  it('scopes to the tenant in the path: another tenant, a customer, a missing permission → 403', async () => {
    expect(await call('/tenants/t1', employee([]))).toBe(200);
    expect(await call('/tenants/t1', otherOwner)).toBe(403);
    expect(await call('/tenants/t1', customer)).toBe(403);
    expect(await call('/tenants/t1/clients', employee(['clients.view']))).toBe(200);
    expect(await call('/tenants/t1/clients', employee([]))).toBe(403);
    expect(await call('/tenants/t1/clients', otherOwner)).toBe(403);
  });

  it("scopes to the caller's own tenant: staff with the permission only", async () => {
    expect(await call('/cards/c1', employee(['cards.scan']))).toBe(200);
    expect(await call('/cards/c1', employee([]))).toBe(403);
    expect(await call('/cards/c1', customer)).toBe(403);
    expect(await call('/cards/c1', { id: 'n', role: Roles.owner })).toBe(403);
  });

  it('scopes to the tenant named in the query or the body; a missing one is a validation error', async () => {
    expect(await call('/subscriptions?tenantId=t1', owner)).toBe(200);
    expect(await call('/subscriptions?tenantId=t1', otherOwner)).toBe(403);
    expect(await call('/subscriptions?tenantId=t1', employee([]))).toBe(403);
    expect(await call('/subscriptions', owner)).toBe(400);
    expect(await call('/payments', owner, { tenantId: 't1' })).toBe(200);
    expect(await call('/payments', otherOwner, { tenantId: 't1' })).toBe(403);
    expect(await call('/payments', owner, {})).toBe(400);
  });
});

describe('a hand-written pre-handler', () => {
  it('is refused when the route is registered', async () => {
    const app = server();
    app.register(async (scope) => {
      scope.get('/guarded', { preHandler: async () => undefined }, async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/hand-written pre-handler/);
    await app.close();
  });
});
