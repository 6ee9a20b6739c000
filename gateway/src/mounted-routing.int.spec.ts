import { toFastifyPath } from '@punkto/contracts/endpoint';
import { allEndpoints } from '@punkto/contracts/endpoints/index';
import { nonContractRoutes, type UpstreamService } from '@punkto/contracts/routing';
import { createLogger } from '@punkto/platform/observability/logger';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';
import { MaintenanceSwitch } from './maintenance';

// Routing in the one-server shape (ADR 0036): every service mounted on the gateway's server, no proxy. Each
// stand-in module registers exactly the routes its service owns by the contracts (and the non-contract routes
// it owns), answering who it is: registering them side by side proves no two services claim one route, and every
// endpoint reaching its owner proves the mounted shape routes as the proxying one (gateway.int.spec.ts).
const services: UpstreamService[] = [
  'identity',
  'tenant',
  'card-ledger',
  'billing',
  'survey',
  'notification',
];

/** the routes `service` owns, as Fastify paths */
function routesOf(service: UpstreamService): Array<{ method: HTTPMethods; path: string }> {
  const contract = allEndpoints
    .filter((endpoint) => endpoint.owner === service)
    .map((endpoint) => ({
      method: endpoint.method.toUpperCase() as HTTPMethods,
      path: toFastifyPath(endpoint.path),
    }));
  const others = nonContractRoutes
    .filter((route) => route.owner === service)
    .flatMap((route) => route.methods.map((method) => ({ method: method as HTTPMethods, path: route.path })));
  return [...contract, ...others];
}

/** a stand-in for the service's module: its routes, each answering the service's name */
const echoModule = (service: UpstreamService) => ({
  name: service,
  readiness: {},
  plugin: async (scope: FastifyInstance) => {
    for (const { method, path } of routesOf(service))
      scope.route({
        method,
        url: path,
        handler: async (request) => ({ service, url: request.url, method: request.method }),
      });
  },
});

/** a concrete URL for a route: each parameter and wildcard filled */
const sample = (path: string) => path.replace(/:\w+/g, 'x1').replace(/\*$/, 'x1');

describe('routing with every service mounted on the gateway', () => {
  let gateway: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'punkto-dist-'));

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="pl"><div id="root"></div></html>');
    const config = GatewayEnv.parse({
      WEB_DIST_DIR: dist,
      RATE_LIMIT_PER_MINUTE: '100000',
      DEV_MAILBOX: 'on',
    });
    gateway = await buildGateway({
      config,
      logger: createLogger('gateway', 'silent'),
      maintenance: new MaintenanceSwitch(false, join(dist, 'maintenance.flag'), 10_000),
      mounted: services.map(echoModule),
    });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('registers every owned route side by side: no two services claim one', () => {
    const all = services.flatMap((service) => routesOf(service).map((r) => `${r.method} ${r.path}`));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(100);
  });

  it.each(
    allEndpoints
      .filter((endpoint) => endpoint.owner !== 'gateway')
      .map((endpoint) => [
        endpoint.method.toUpperCase(),
        sample(toFastifyPath(endpoint.path)),
        endpoint.owner,
      ]),
  )('%s %s → %s', async (method, url, owner) => {
    const res = await gateway.inject({
      method: method as 'GET',
      url,
      headers: { origin: 'http://localhost' },
      ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ service: owner, url });
  });

  it.each(
    nonContractRoutes.flatMap((route) =>
      route.methods
        .filter((method) => method !== 'DELETE' || !route.path.startsWith('/dev'))
        .map((method) => [method, sample(route.path), route.owner]),
    ),
  )('non-contract %s %s → %s', async (method, url, owner) => {
    const res = await gateway.inject({
      method: method as 'GET',
      url,
      ...(method === 'POST' && { payload: {} }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ service: owner });
  });

  it('answers an unknown API path with a JSON 404, as the proxying gateway does', async () => {
    const res = await gateway.inject('/api/v1/unknown/thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
