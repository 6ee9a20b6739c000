import { TenantLocationsReplacedData } from '@punkto/contracts/integration-events';
import { LocationMessages } from '@punkto/contracts/locations';
import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

// The company's locations (ADR 0057): GET/PUT /api/v1/tenants/{id}/locations on the tenant service's app and
// the TenantLocationsReplaced it publishes on tenant.tenants.v1 for the wallet passes.
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const url = (tenantId: string) => `/api/v1/tenants/${tenantId}/locations`;
const rynek = { name: 'Kawiarnia na Rynku', latitude: 52.2297, longitude: 21.0122 };

describe('the locations of a company', () => {
  it('are none at first, saved whole, read back and published for the passes', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    expect((await t.call(token, 'GET', url(tenantId))).json()).toEqual({ locations: [] });

    const saved = await t.call(token, 'PUT', url(tenantId), {
      locations: [
        { ...rynek, address: 'Rynek 1, Warszawa' },
        { name: 'Punkt na dworcu', latitude: 50.0647, longitude: 19.945, relevantText: 'Kawa na drogę?' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      locations: [
        { ...rynek, address: 'Rynek 1, Warszawa', relevantText: null },
        {
          name: 'Punkt na dworcu',
          address: null,
          latitude: 50.0647,
          longitude: 19.945,
          relevantText: 'Kawa na drogę?',
        },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await t.call(token, 'GET', url(tenantId))).json()).toEqual(expected);

    const received = await t.collect(Topics.tenantTenants);
    t.startRelay();
    await expect
      .poll(() => received.filter((e) => e.aggregateId === tenantId).map((e) => e.type), { timeout: 10_000 })
      .toEqual(['TenantCreated', 'TenantLocationsReplaced']);
    const event = received.find((e) => e.aggregateId === tenantId && e.type === 'TenantLocationsReplaced')!;
    expect(event.tenantId).toBe(tenantId);
    expect(TenantLocationsReplacedData.parse(event.data)).toMatchObject({ tenantId, ...expected });
  });

  it('an 11th location is refused with the errors map on `locations`, and nothing changes', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...rynek, name: `Lokal ${i + 1}` }));
    const res = await t.call(token, 'PUT', url(tenantId), { locations: eleven });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { locations: [LocationMessages.tooMany] },
    });
    expect((await t.call(token, 'GET', url(tenantId))).json()).toEqual({ locations: [] });
  });

  it('bad coordinates and an empty name are 400s naming the field', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const res = await t.call(token, 'PUT', url(tenantId), {
      locations: [rynek, { ...rynek, name: ' ', latitude: 91, longitude: '21,01' }],
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors['locations.1.latitude']).toEqual([LocationMessages.latitude]);
    expect(errors['locations.1.longitude']).toEqual([LocationMessages.longitude]);
    expect(errors['locations.1.name']).toEqual([LocationMessages.name]);
  });

  it('an employee with the company settings permission may save them; one without it may not', async () => {
    const { tenantId } = await t.ownerWithTenant();
    const employee = (perms: Permission[]) =>
      t.tokenFor({ id: randomUUID(), role: Roles.employee, tid: tenantId, perms });
    const allowed = await t.call(await employee([Permissions.tenantSettings]), 'PUT', url(tenantId), {
      locations: [rynek],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const refused = await t.call(await employee([Permissions.programsManage]), 'PUT', url(tenantId), {
      locations: [],
    });
    expect(refused.statusCode).toBe(403);
  });
});
