import { toFastifyPath, type Endpoint, type ServiceName } from '@punkto/contracts/endpoint';
import { allEndpoints } from '@punkto/contracts/endpoints/index';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { endpointOfHandler } from '../http/endpoint-route';
import { SAME_ORIGIN } from './same-origin';

/** A path of the endpoint with every `{param}` filled (the tenant scope's too: no tenant matches it). */
const samplePath = (endpoint: Endpoint) =>
  endpoint.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');

/**
 * Route coverage of one service against the contracts: every endpoint it owns is registered through
 * registerEndpoint with that very contract (so its guard is the one derived from the contract's access rule —
 * authPlugin refuses any other pre-handler at registration), and every non-public one answers an anonymous
 * call with 401 UNAUTHENTICATED before reading any input.
 */
export async function expectRoutesGuardedByContracts(app: FastifyInstance, owner: ServiceName) {
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
}
