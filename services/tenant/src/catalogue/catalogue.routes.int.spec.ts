import { CatalogueErrors, type CatalogueService } from '@punkto/contracts/catalogue';
import { ServiceDefinedData, ServiceDeletedData } from '@punkto/contracts/integration-events';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';
import { toServiceStreamId } from './catalogue-service';
import { SERVICE_NAMES_COLLECTION, type NameClaim } from './catalogue.names';

let t: TenantTestApp;
let now = new Date('2026-03-02T10:00:00.000Z');
beforeAll(async () => {
  t = await startTenantTestApp({ clock: () => now });
});
afterAll(async () => t?.close());

const servicesUrl = (tenantId: string, rest = '') => `/api/v1/tenants/${tenantId}/services${rest}`;
const haircut = { name: 'Strzyżenie męskie', priceGrosze: 6000 };

describe('services catalogue', () => {
  it('creates, lists (sorted by name), updates and deletes services through service-<id> events', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant();
    const created = await t.call(token, 'POST', servicesUrl(tenantId), haircut);
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json() as CatalogueService;
    expect(service).toEqual({
      id: expect.any(String),
      tenantId,
      name: 'Strzyżenie męskie',
      priceGrosze: 6000,
      fixedPoints: null,
      active: true,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    const [event] = await t.infra.eventStore.readStream(toServiceStreamId(service.id));
    expect(event).toMatchObject({ type: 'ServiceDefined', metadata: { tenantId, actorId: ownerId } });
    expect(ServiceDefinedData.strict().parse(event!.data)).toMatchObject({
      serviceId: service.id,
      version: 1,
    });

    await t.call(token, 'POST', servicesUrl(tenantId), { name: 'Broda', priceGrosze: 3000, fixedPoints: 40 });
    await t.call(token, 'POST', servicesUrl(tenantId), { name: 'Ćwiczenia', priceGrosze: 100 });
    const list = await t.call(token, 'GET', servicesUrl(tenantId));
    expect(list.json().items.map((s: CatalogueService) => s.name)).toEqual([
      'Broda',
      'Ćwiczenia',
      'Strzyżenie męskie',
    ]);

    now = new Date(now.getTime() + 60_000);
    const updated = await t.call(token, 'PUT', servicesUrl(tenantId, `/${service.id}`), {
      name: 'Strzyżenie męskie (krótkie)',
      priceGrosze: 6500,
      fixedPoints: 70,
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Strzyżenie męskie (krótkie)',
      priceGrosze: 6500,
      fixedPoints: 70,
      active: false,
      createdAt: service.createdAt,
      updatedAt: now.toISOString(),
    });

    const removed = await t.call(token, 'DELETE', servicesUrl(tenantId, `/${service.id}`));
    expect(removed.statusCode).toBe(204);
    const last = (await t.infra.eventStore.readStream(toServiceStreamId(service.id))).at(-1)!;
    expect(ServiceDeletedData.parse(last.data)).toEqual({
      serviceId: service.id,
      tenantId,
      deletedAt: now.toISOString(),
    });
    expect((await t.call(token, 'GET', servicesUrl(tenantId))).json().items).toHaveLength(2);
    expect((await t.call(token, 'PUT', servicesUrl(tenantId, `/${service.id}`), haircut)).statusCode).toBe(
      404,
    );
    expect((await t.call(token, 'DELETE', servicesUrl(tenantId, `/${service.id}`))).statusCode).toBe(204);
  });

  it('refuses a duplicate name among the tenant’s services (any case/spacing) with 409; the name is free again after a rename or delete', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const first = (await t.call(token, 'POST', servicesUrl(tenantId), haircut)).json() as CatalogueService;
    const dup = await t.call(token, 'POST', servicesUrl(tenantId), {
      name: '  STRZYŻENIE   męskie ',
      priceGrosze: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'SERVICE.DUPLICATE_NAME',
      localizedMessage: CatalogueErrors.duplicateName.message,
    });

    const second = (
      await t.call(token, 'POST', servicesUrl(tenantId), { name: 'Broda', priceGrosze: 3000 })
    ).json();
    const renameClash = await t.call(token, 'PUT', servicesUrl(tenantId, `/${second.id}`), {
      ...haircut,
      name: 'strzyżenie męskie',
    });
    expect(renameClash.statusCode).toBe(409);
    // changing only the case of its own name is not a clash
    expect(
      (
        await t.call(token, 'PUT', servicesUrl(tenantId, `/${first.id}`), {
          ...haircut,
          name: 'STRZYŻENIE MĘSKIE',
        })
      ).statusCode,
    ).toBe(200);

    // rename frees the old name
    await t.call(token, 'PUT', servicesUrl(tenantId, `/${first.id}`), {
      ...haircut,
      name: 'Strzyżenie damskie',
    });
    expect((await t.call(token, 'POST', servicesUrl(tenantId), haircut)).statusCode).toBe(201);
    // delete frees the name
    await t.call(token, 'DELETE', servicesUrl(tenantId, `/${second.id}`));
    expect(
      (await t.call(token, 'POST', servicesUrl(tenantId), { name: 'broda', priceGrosze: 1 })).statusCode,
    ).toBe(201);

    // another tenant may use the same names
    const other = await t.ownerWithTenant();
    expect((await t.call(other.token, 'POST', servicesUrl(other.tenantId), haircut)).statusCode).toBe(201);
  });

  it('lets exactly one of concurrent creations with the same name win', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(token, 'POST', servicesUrl(tenantId), { name: 'Masaż', priceGrosze: 9000 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await t.call(token, 'GET', servicesUrl(tenantId))).json().items).toHaveLength(1);
  });

  it('takes over a stale claim left by a crash (no service holds the name any more)', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const claims = t.infra.documents.collection<NameClaim>(SERVICE_NAMES_COLLECTION);
    await claims.insert({
      _id: `${tenantId}:pedicure`,
      tenantId,
      serviceId: randomUUID(), // a creation that crashed before its event
      claimedAt: now.toISOString(),
    });
    const young = await t.call(token, 'POST', servicesUrl(tenantId), { name: 'Pedicure', priceGrosze: 1 });
    expect(young.statusCode).toBe(409); // might still be in flight
    now = new Date(now.getTime() + 5 * 60_000);
    const later = await t.call(token, 'POST', servicesUrl(tenantId), { name: 'Pedicure', priceGrosze: 1 });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('validates with Polish messages', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const res = await t.call(token, 'POST', servicesUrl(tenantId), {
      name: 'X',
      priceGrosze: 12.5,
      fixedPoints: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['Nazwa usługi musi mieć co najmniej 2 znaki.'],
      priceGrosze: ['Cenę podaj w groszach (liczba całkowita).'],
      fixedPoints: ['Stała liczba punktów musi wynosić co najmniej 1.'],
    });
  });

  it('lists for any member; changes need services.manage; other tenants’ services are not found', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const service = (await t.call(token, 'POST', servicesUrl(tenantId), haircut)).json() as CatalogueService;
    const cashier = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.cardsAward],
    });
    expect((await t.call(cashier, 'GET', servicesUrl(tenantId))).json().items).toHaveLength(1);
    for (const [method, url, body] of [
      ['POST', servicesUrl(tenantId), { name: 'Nowa', priceGrosze: 1 }],
      ['PUT', servicesUrl(tenantId, `/${service.id}`), haircut],
      ['DELETE', servicesUrl(tenantId, `/${service.id}`), undefined],
    ] as const) {
      const res = await t.call(cashier, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    const manager = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.servicesManage],
    });
    expect(
      (await t.call(manager, 'POST', servicesUrl(tenantId), { name: 'Nowa', priceGrosze: 1 })).statusCode,
    ).toBe(201);

    const other = await t.ownerWithTenant();
    expect(
      (await t.call(other.token, 'PUT', servicesUrl(other.tenantId, `/${service.id}`), haircut)).statusCode,
    ).toBe(404);
    expect(
      (await t.call(other.token, 'DELETE', servicesUrl(other.tenantId, `/${service.id}`))).statusCode,
    ).toBe(404);
  });
});

describe('tenant.services.v1', () => {
  it('publishes ServiceDefined and ServiceDeleted with the tenant id in the envelope', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const service = (await t.call(token, 'POST', servicesUrl(tenantId), haircut)).json() as CatalogueService;
    await t.call(token, 'DELETE', servicesUrl(tenantId, `/${service.id}`));
    const received = await t.collect(Topics.tenantServices);
    t.startRelay();
    await expect
      .poll(() => received.filter((e) => e.aggregateId === service.id).map((e) => e.type), {
        timeout: 10_000,
      })
      .toEqual(['ServiceDefined', 'ServiceDeleted']);
    expect(received.find((e) => e.aggregateId === service.id)).toMatchObject({
      tenantId,
      data: { serviceId: service.id, tenantId, name: 'Strzyżenie męskie', priceGrosze: 6000, version: 1 },
    });
  });
});
