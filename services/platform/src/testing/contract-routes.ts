import { toFastifyPath, type Endpoint, type ServiceName } from '@punkto/contracts/endpoint';
import { allEndpoints } from '@punkto/contracts/endpoints/index';
import { Roles } from '@punkto/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '../http/auth-plugin';
import { endpointOfHandler } from '../http/endpoint-route';
import { SAME_ORIGIN } from './same-origin';
import type { TestCaller } from './test-tokens';

/** What a service's test kit gives the route-coverage spec. */
export interface ServiceUnderTest {
  app: FastifyInstance;
  /** signs an access token the service accepts (needed when it owns role or tenant-scoped endpoints) */
  tokenFor?: (caller: TestCaller) => Promise<string>;
  close(): Promise<unknown>;
}

/** A path of the endpoint with every `{param}` filled (the tenant scope's too: no tenant matches it). */
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const samplePath = (endpoint: Endpoint) => endpoint.path.replace(/\{\w+\}/g, SAMPLE_ID);

/**
 * The route-coverage spec of one service against the contracts (ADR 0037): every endpoint it owns is
 * registered through registerEndpoint with that very contract (so its guard is the one derived from the
 * contract's access rule — authPlugin refuses any other pre-handler at registration), every non-public one
 * answers an anonymous call with 401 UNAUTHENTICATED, and every role or tenant-scoped one refuses the callers
 * its rule excludes with 403 PERMISSION_DENIED (refusedCallers), before reading any input.
 */
export function describeRoutesGuardedByContracts(owner: ServiceName, start: () => Promise<ServiceUnderTest>) {
  describe(`${owner} routes`, () => {
    let service: ServiceUnderTest | undefined;
    beforeAll(async () => {
      service = await start();
    });
    afterAll(() => service?.close());

    it(`are every ${owner} endpoint of the contracts, each guarded by its contract (anonymous: 401; another tenant, a customer, a missing permission or another role: 403)`, async () => {
      const owned = allEndpoints.filter((e) => e.owner === owner);
      expect(owned.length).toBeGreaterThan(0);
      expectRegisteredByContract(service!.app, owned);
      await expectAnonymousRefused(service!.app, owned);
      await expectOthersRefused(service!.app, owned, service!.tokenFor);
      await expectNamedTenantRequired(service!.app, owned, service!.tokenFor);
    });
  });
}

function expectRegisteredByContract(app: FastifyInstance, owned: Endpoint[]) {
  for (const endpoint of owned) {
    const method = endpoint.method.toUpperCase();
    const route = app.registeredRoutes.find(
      (r) => r.method === method && r.url === toFastifyPath(endpoint.path),
    );
    expect(endpointOfHandler(route?.handler), `${method} ${endpoint.path}`).toBe(endpoint);
  }
}

async function expectAnonymousRefused(app: FastifyInstance, owned: Endpoint[]) {
  for (const endpoint of owned.filter((e) => e.auth !== 'public')) {
    const res = await app.inject({
      method: endpoint.method.toUpperCase() as 'GET',
      url: samplePath(endpoint),
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
    expect(res.json(), `${endpoint.method} ${endpoint.path}`).toMatchObject({ code: 'UNAUTHENTICATED' });
  }
}

type Caller = 'owner of another tenant' | 'customer' | 'employee without permissions';

/**
 * The signed-in callers an endpoint's rule refuses. The employee works in the tenant the request names (the
 * sample id) and holds no permission; the owner's tenant is another one.
 */
function refusedCallers(endpoint: Endpoint): Caller[] {
  if (endpoint.auth === Roles.owner) return ['customer', 'employee without permissions'];
  if (endpoint.auth === Roles.customer) return ['owner of another tenant', 'employee without permissions'];
  if (!endpoint.tenant) return [];
  return [
    'customer',
    // 'caller': the owner's own tenant, where the service answers 404 for another tenant's resource
    ...(endpoint.tenant !== 'caller' ? (['owner of another tenant'] as const) : []),
    ...(endpoint.auth !== 'authenticated' ? (['employee without permissions'] as const) : []),
  ];
}

async function expectOthersRefused(
  app: FastifyInstance,
  owned: Endpoint[],
  sign: ServiceUnderTest['tokenFor'],
) {
  const refusing = owned.filter((e) => refusedCallers(e).length > 0);
  if (refusing.length === 0) return;
  expect(sign, 'the kit signs tokens for role and tenant-scoped endpoints').toBeDefined();
  const tenantId = SAMPLE_ID;
  const tokens: Record<Caller, string> = {
    'owner of another tenant': await sign!({ id: randomUUID(), role: Roles.owner, tid: randomUUID() }),
    customer: await sign!({ id: randomUUID(), role: Roles.customer }),
    'employee without permissions': await sign!({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [],
    }),
  };
  for (const endpoint of refusing) {
    for (const who of refusedCallers(endpoint)) {
      const res = await app.inject({
        method: endpoint.method.toUpperCase() as 'GET',
        url: samplePath(endpoint) + `?tenantId=${tenantId}`,
        headers: SAME_ORIGIN,
        cookies: { [ACCESS_COOKIE]: tokens[who] },
        ...(endpoint.method !== 'get' && { payload: { tenantId } }),
      });
      const label = `${endpoint.method} ${endpoint.path} as ${who}`;
      expect(res.statusCode, label).toBe(403);
      expect(res.json(), label).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
  }
}

/**
 * The guard compares a tenant named in the query or body only when it is sent (a missing one is left to
 * validation, ADR 0037): so the contract's schema must require that field, or a call without it would pass
 * the guard into the handler. A caller of the tenant sending none gets 400 naming the field.
 */
async function expectNamedTenantRequired(
  app: FastifyInstance,
  owned: Endpoint[],
  sign: ServiceUnderTest['tokenFor'],
) {
  const named = owned.filter((e) => typeof e.tenant === 'object' && !('path' in e.tenant));
  if (named.length === 0) return;
  const token = await sign!({ id: randomUUID(), role: Roles.owner, tid: SAMPLE_ID });
  for (const endpoint of named) {
    const scope = endpoint.tenant as { query: string } | { body: string };
    const field = 'query' in scope ? `query.${scope.query}` : scope.body;
    const res = await app.inject({
      method: endpoint.method.toUpperCase() as 'GET',
      url: samplePath(endpoint),
      headers: SAME_ORIGIN,
      cookies: { [ACCESS_COOKIE]: token },
      ...(endpoint.method !== 'get' && { payload: {} }),
    });
    const label = `${endpoint.method} ${endpoint.path} without ${field}`;
    expect(res.statusCode, label).toBe(400);
    expect(res.json().errors, label).toHaveProperty([field]);
  }
}
