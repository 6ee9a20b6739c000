import { toFastifyPath, type Endpoint, type ServiceName } from '@punkto/contracts/endpoint';
import { allEndpoints } from '@punkto/contracts/endpoints/index';
import { Roles, type Permission, type Role } from '@punkto/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ACCESS_COOKIE } from '../http/auth-plugin';
import { endpointOfHandler } from '../http/endpoint-route';
import { SAME_ORIGIN } from './same-origin';

/** A path of the endpoint with every `{param}` filled (the tenant scope's too: no tenant matches it). */
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const samplePath = (endpoint: Endpoint) => endpoint.path.replace(/\{\w+\}/g, SAMPLE_ID);

/**
 * Route coverage of one service against the contracts: every endpoint it owns is registered through
 * registerEndpoint with that very contract (so its guard is the one derived from the contract's access rule —
 * authPlugin refuses any other pre-handler at registration), and every non-public one answers an anonymous
 * call with 401 UNAUTHENTICATED before reading any input; with `sign` (the kit's token signer), the tenant
 * scopes too (expectTenantScopesRefused).
 */
export async function expectRoutesGuardedByContracts(
  app: FastifyInstance,
  owner: ServiceName,
  sign?: (claims: { role: Role; tid?: string; perms?: Permission[] }) => Promise<string>,
) {
  const owned = allEndpoints.filter((e) => e.owner === owner);
  expect(owned.length).toBeGreaterThan(0);
  for (const endpoint of owned) {
    const method = endpoint.method.toUpperCase();
    const route = app.registeredRoutes.find(
      (r) => r.method === method && r.url === toFastifyPath(endpoint.path),
    );
    expect(endpointOfHandler(route?.handler), `${method} ${endpoint.path}`).toBe(endpoint);
  }
  for (const endpoint of owned.filter((e) => e.auth !== 'public')) {
    const res = await app.inject({
      method: endpoint.method.toUpperCase() as 'GET',
      url: samplePath(endpoint),
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
    expect(res.json(), `${endpoint.method} ${endpoint.path}`).toMatchObject({ code: 'UNAUTHENTICATED' });
  }
  if (sign) await expectTenantScopesRefused(app, owned, sign);
}

/**
 * Every tenant-scoped endpoint (contract `tenant`) refuses with 403 PERMISSION_DENIED, before any input is
 * read: the owner of another tenant, a customer, and for a permission an employee of the tenant without it.
 */
async function expectTenantScopesRefused(
  app: FastifyInstance,
  owned: Endpoint[],
  sign: (claims: { role: Role; tid?: string; perms?: Permission[] }) => Promise<string>,
) {
  const tenantId = SAMPLE_ID;
  const callers = {
    'owner of another tenant': await sign({ role: Roles.owner, tid: randomUUID() }),
    customer: await sign({ role: Roles.customer }),
    'employee without permissions': await sign({ role: Roles.employee, tid: tenantId, perms: [] }),
  };
  for (const endpoint of owned.filter((e) => e.tenant)) {
    for (const [who, token] of Object.entries(callers)) {
      if (who.startsWith('employee') && endpoint.auth === 'authenticated') continue;
      if (who.startsWith('owner') && endpoint.tenant === 'caller') continue; // own tenant: its own data
      const res = await app.inject({
        method: endpoint.method.toUpperCase() as 'GET',
        url: samplePath(endpoint) + `?tenantId=${tenantId}`,
        headers: SAME_ORIGIN,
        cookies: { [ACCESS_COOKIE]: token },
        ...(endpoint.method !== 'get' && { payload: { tenantId } }),
      });
      const label = `${endpoint.method} ${endpoint.path} as ${who}`;
      expect(res.statusCode, label).toBe(403);
      expect(res.json(), label).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
  }
}
