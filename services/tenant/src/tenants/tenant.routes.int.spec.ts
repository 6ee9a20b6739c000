import { Roles, type Role } from '@punkto/contracts/permissions';
import { defaultBranding, NipMessages } from '@punkto/contracts/tenant';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay } from '@punkto/platform/relay/event-relay';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, relayRoutes } from '../app';
import { TenantEnv } from '../config';
import { toTenantStreamId } from './tenant';

// the tenant service's real app on the real embedded adapters, with tokens signed by a local test key
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }] });
const tokenFor = (userId: string, role: Role, tid?: string) =>
  new SignJWT({ role, ...(tid && { tid }) })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setSubject(userId)
    .setIssuer('punkto-identity')
    .setAudience('punkto')
    .setExpirationTime('5m')
    .sign(keys.privateKey);

const dataDir = mkdtempSync(join(tmpdir(), 'punkto-tenant-'));
let infra: Infrastructure;
let app: FastifyInstance;
beforeAll(async () => {
  const config = TenantEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const logger = createLogger('tenant', 'silent');
  infra = await openInfrastructure('tenant', config, logger);
  app = await buildApp({ config, logger, infra, jwks });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await infra?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const create = async (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/tenants/create',
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...headers },
    cookies: { [ACCESS_COOKIE]: token },
  });
const company = { companyName: 'Kawiarnia Pod Lipą', nip: '123-456-32-18' };

describe('POST /api/v1/tenants/create', () => {
  it('creates the tenant of an owner without one: 201, the event in tenant-<id>, the read model', async () => {
    const ownerId = randomUUID();
    const res = await create(await tokenFor(ownerId, Roles.owner), company);
    expect(res.statusCode, res.body).toBe(201);
    const { tenantId } = res.json() as { tenantId: string };

    const [event, ...more] = await infra.eventStore.readStream(toTenantStreamId(tenantId));
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'TenantCreated',
      data: { tenantId, ownerId, companyName: 'Kawiarnia Pod Lipą', nip: '1234563218' },
      metadata: { tenantId, actorId: ownerId },
    });

    // the owner's next token carries `tid` (identity's job); with it the tenant is readable
    const read = await app.inject({
      url: `/api/v1/tenants/${tenantId}`,
      cookies: { [ACCESS_COOKIE]: await tokenFor(ownerId, Roles.owner, tenantId) },
    });
    expect(read.statusCode, read.body).toBe(200);
    const createdAt = (event!.data as { createdAt: string }).createdAt;
    expect(read.json()).toEqual({
      id: tenantId,
      ownerId,
      companyName: 'Kawiarnia Pod Lipą',
      nip: '1234563218',
      description: null,
      address: null,
      contact: null,
      branding: defaultBranding,
      logo: null,
      heroImage: null,
      createdAt,
      updatedAt: createdAt,
    });
  });

  it('publishes TenantCreated on tenant.tenants.v1 with the tenant id in the envelope', async () => {
    const ownerId = randomUUID();
    const res = await create(await tokenFor(ownerId, Roles.owner), {
      companyName: 'Barber Wąsik',
      nip: '526 000 12 46',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { tenantId } = res.json() as { tenantId: string };

    const received: unknown[] = [];
    const consumer = await infra.bus.subscribe({
      groupId: `test-${randomUUID()}`,
      topics: [Topics.tenantTenants],
      handler: async (message) => void received.push(message.value),
    });
    const relay = startEventRelay({
      eventStore: infra.eventStore,
      bus: infra.bus,
      checkpoints: infra.checkpoints,
      routes: relayRoutes,
      logger: createLogger('tenant', 'silent'),
    });
    try {
      await expect
        .poll(() => received.find((e) => (e as { aggregateId: string }).aggregateId === tenantId), {
          timeout: 10_000,
        })
        .toMatchObject({
          type: 'TenantCreated',
          tenantId,
          aggregateId: tenantId,
          data: { tenantId, ownerId, companyName: 'Barber Wąsik', nip: '5260001246' },
        });
    } finally {
      await relay.stop();
      await consumer.stop();
    }
  });

  it('refuses a wrong NIP with Polish messages in the 400 errors map', async () => {
    const token = await tokenFor(randomUUID(), Roles.owner);
    const checksum = await create(token, { ...company, nip: '123-456-32-19' });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { nip: [NipMessages.checksum] },
    });
    expect(NipMessages.checksum).toBe('Nieprawidłowy NIP: cyfra kontrolna się nie zgadza.');

    const short = await create(token, { companyName: 'A', nip: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({
      nip: [NipMessages.format],
      companyName: ['Nazwa firmy musi mieć co najmniej 2 znaki.'],
    });

    // a weighted sum with remainder 10 is never a valid NIP (6 + 1·6 + 6·7 = 54, 54 mod 11 = 10)
    const remainderTen = await create(token, { ...company, nip: '1000000160' });
    expect(remainderTen.json().errors).toEqual({ nip: [NipMessages.checksum] });
  });

  it('is for business owners only: a customer gets 403, nobody gets 401', async () => {
    const customer = await create(await tokenFor(randomUUID(), Roles.customer), company);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/tenants/create', payload: company });
    expect(anonymous.statusCode).toBe(401);
  });

  it('allows one tenant per owner: a second one is a 409 with a Polish message', async () => {
    const ownerId = randomUUID();
    const token = await tokenFor(ownerId, Roles.owner);
    expect((await create(token, company)).statusCode).toBe(201);
    const again = await create(token, { companyName: 'Druga firma', nip: '5260001246' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TENANT.OWNER_ALREADY_HAS_TENANT',
      localizedMessage: expect.stringContaining('Masz już zarejestrowaną firmę'),
    });
    // a token that already names a tenant is refused before any work
    const withTid = await create(await tokenFor(ownerId, Roles.owner, randomUUID()), company);
    expect(withTid.statusCode).toBe(409);
  });

  it('lets concurrent requests of one owner create exactly one tenant', async () => {
    const ownerId = randomUUID();
    const token = await tokenFor(ownerId, Roles.owner);
    const results = await Promise.all(Array.from({ length: 5 }, () => create(token, company)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('rejects a cross-site request (CSRF plugin)', async () => {
    const res = await create(await tokenFor(randomUUID(), Roles.owner), company, {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});

describe('GET /api/v1/tenants/{id}', () => {
  it("is refused (403) to another tenant's users and to customers, never data", async () => {
    const ownerId = randomUUID();
    const res = await create(await tokenFor(ownerId, Roles.owner), company);
    const { tenantId } = res.json() as { tenantId: string };
    const get = async (token: string) =>
      app.inject({ url: `/api/v1/tenants/${tenantId}`, cookies: { [ACCESS_COOKIE]: token } });

    const otherOwner = await get(await tokenFor(randomUUID(), Roles.owner, randomUUID()));
    expect(otherOwner.statusCode).toBe(403);
    expect(otherOwner.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(otherOwner.body).not.toContain('Kawiarnia');
    expect((await get(await tokenFor(randomUUID(), Roles.employee, randomUUID()))).statusCode).toBe(403);
    expect((await get(await tokenFor(randomUUID(), Roles.customer))).statusCode).toBe(403);
    expect((await get(await tokenFor(randomUUID(), Roles.employee, tenantId))).statusCode).toBe(200);
  });
});
