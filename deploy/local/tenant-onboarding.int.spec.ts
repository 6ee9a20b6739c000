import { Roles } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay, type EventRelay } from '@punkto/platform/relay/event-relay';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, decodeJwt } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as identity from '../../services/identity/src/app';
import { IdentityEnv } from '../../services/identity/src/config';
import { REFRESH_COOKIE } from '../../services/identity/src/users/user.routes';
import * as tenant from '../../services/tenant/src/app';
import { TenantEnv } from '../../services/tenant/src/config';

/**
 * Embedded, cross-service: an owner creates a tenant in the TENANT service; tenant's relay publishes
 * TenantCreated on the SQLite bus (DATA_DIR/bus.db, shared as in `npm start`); IDENTITY's consumer (the same
 * ConsumerSpec main.ts runs) sets the owner's tenant id; the next /users/refresh issues a token with `tid`,
 * which the tenant service then accepts for GET /tenants/{id}. Real apps, real adapters, real code paths.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'punkto-onboarding-'));
const logger = createLogger('test', 'silent');
let identityInfra: Infrastructure;
let tenantInfra: Infrastructure;
let identityApp: FastifyInstance;
let tenantApp: FastifyInstance;
let relay: EventRelay;
const consumers: Consumer[] = [];

beforeAll(async () => {
  const identityConfig = IdentityEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  identityInfra = await openInfrastructure('identity', identityConfig, logger);
  const identityDeps = {
    config: identityConfig,
    logger,
    infra: identityInfra,
    jwks: createLocalJWKSet({ keys: [] }),
  };
  identityApp = await identity.buildApp(identityDeps);
  await identityApp.ready();
  // what runService does with main.ts's consumers
  for (const spec of identity.consumers(identityDeps))
    consumers.push(await identityInfra.bus.subscribe({ ...spec }));

  const tenantConfig = TenantEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  tenantInfra = await openInfrastructure('tenant', tenantConfig, logger);
  // the tenant service verifies identity's tokens with identity's public keys (its JWKS)
  const jwks = createLocalJWKSet(identityApp.identity.jwks() as Parameters<typeof createLocalJWKSet>[0]);
  tenantApp = await tenant.buildApp({ config: tenantConfig, logger, infra: tenantInfra, jwks });
  await tenantApp.ready();
  relay = startEventRelay({
    eventStore: tenantInfra.eventStore,
    bus: tenantInfra.bus,
    checkpoints: tenantInfra.checkpoints,
    routes: tenant.relayRoutes,
    logger,
  });
});

afterAll(async () => {
  await relay?.stop();
  for (const consumer of consumers) await consumer.stop();
  await tenantApp?.close();
  await identityApp?.close();
  await tenantInfra?.close();
  await identityInfra?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const cookie = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;

async function activeOwner(email: string, password = 'Haslo1234') {
  const json = { 'content-type': 'application/json' };
  const users = (path: string) => `/api/v1/users/${path}`;
  const registered = await identityApp.inject({
    method: 'POST',
    url: users('register'),
    headers: json,
    payload: { email, password, username: 'Ania Nowak', role: Roles.owner, acceptTerms: true },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await identityApp.identity.settled();
  const entries = (await identityInfra.mailbox!.list()).filter((e) => e.to.includes(email));
  const text = parseMail((await identityInfra.mailbox!.raw(entries[0]!.id))!).text ?? '';
  const token = new URL(text.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+/)![0]).searchParams.get('token');
  const activated = await identityApp.inject({
    method: 'POST',
    url: users('activate-account'),
    headers: json,
    payload: { token },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  const login = await identityApp.inject({
    method: 'POST',
    url: users('login'),
    headers: json,
    payload: { email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return {
    userId: registered.json().userId as string,
    access: cookie(login, ACCESS_COOKIE)!,
    refresh: cookie(login, REFRESH_COOKIE)!,
  };
}

describe('tenant → SQLite bus → identity: the owner token learns its tenant', () => {
  it('creates a tenant and the next refreshed token carries `tid`', async () => {
    const owner = await activeOwner('wlasciciel@example.pl');
    expect(decodeJwt(owner.access).tid).toBeUndefined();

    const created = await tenantApp.inject({
      method: 'POST',
      url: '/api/v1/tenants/create',
      headers: { 'content-type': 'application/json' },
      cookies: { [ACCESS_COOKIE]: owner.access },
      payload: { companyName: 'Kawiarnia Pod Lipą', nip: '123-456-32-18' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { tenantId } = created.json() as { tenantId: string };

    // relay → bus → consumer is asynchronous: refresh until identity has applied TenantCreated
    let refresh = owner.refresh;
    let access = '';
    await expect
      .poll(
        async () => {
          const res = await identityApp.inject({
            url: '/api/v1/users/refresh',
            cookies: { [REFRESH_COOKIE]: refresh },
          });
          expect(res.statusCode, res.body).toBe(200);
          refresh = cookie(res, REFRESH_COOKIE)!; // rotated
          access = cookie(res, ACCESS_COOKIE)!;
          return res.json().user.tenantId;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(tenantId);
    expect(decodeJwt(access)).toMatchObject({ sub: owner.userId, role: Roles.owner, tid: tenantId });

    const me = await identityApp.inject({ url: '/api/v1/users/me', cookies: { [ACCESS_COOKIE]: access } });
    expect(me.json()).toMatchObject({ id: owner.userId, tenantId });

    // the new token opens the tenant, and a second tenant is refused before any work
    const read = await tenantApp.inject({
      url: `/api/v1/tenants/${tenantId}`,
      cookies: { [ACCESS_COOKIE]: access },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: tenantId, ownerId: owner.userId, nip: '1234563218' });
    const second = await tenantApp.inject({
      method: 'POST',
      url: '/api/v1/tenants/create',
      headers: { 'content-type': 'application/json' },
      cookies: { [ACCESS_COOKIE]: access },
      payload: { companyName: 'Druga firma', nip: '5260001246' },
    });
    expect(second.statusCode).toBe(409);
  });
});
