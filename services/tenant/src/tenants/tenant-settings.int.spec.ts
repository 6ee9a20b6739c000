import { TenantDeletedData, TenantUpdatedData } from '@punkto/contracts/integration-events';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import {
  defaultBranding,
  DELETE_CONFIRMATION_EMPTY_MESSAGE,
  NipMessages,
  randomNip,
  TenantErrors,
} from '@punkto/contracts/tenant';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTenantStreamId } from './tenant';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const tenantUrl = (tenantId: string, rest = '') => `/api/v1/tenants/${tenantId}${rest}`;
const address = { street: 'ul. Lipowa 5', postalCode: '00-950', city: 'Warszawa' };
const events = async (tenantId: string) => t.infra.eventStore.readStream(toTenantStreamId(tenantId));

describe('PATCH /api/v1/tenants/{id}/update-tenant', () => {
  it('changes the given fields, records ONLY what changed and returns the whole tenant', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant();
    const res = await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), {
      companyName: 'Kawiarnia Pod Lipą', // unchanged
      description: 'Kawa, ciasta i śniadania.',
      address,
      contact: { email: 'Kontakt@Lipa.pl', phone: '600 100 200', website: 'https://lipa.pl' },
      branding: { backgroundColor: '#7A1F1F', foregroundColor: '#ffffff', labelColor: '#F5D0D0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: tenantId,
      ownerId,
      companyName: 'Kawiarnia Pod Lipą',
      description: 'Kawa, ciasta i śniadania.',
      address,
      contact: { email: 'kontakt@lipa.pl', phone: '+48600100200', website: 'https://lipa.pl/' },
      branding: { backgroundColor: '#7a1f1f', foregroundColor: '#ffffff', labelColor: '#f5d0d0' },
      logo: null,
      heroImage: null,
    });
    expect(body.updatedAt > body.createdAt).toBe(true);

    const [, updated, ...more] = await events(tenantId);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({ type: 'TenantUpdated', metadata: { tenantId, actorId: ownerId } });
    const data = TenantUpdatedData.parse(updated!.data);
    expect(Object.keys(data.changes).sort()).toEqual(['address', 'branding', 'contact', 'description']);

    // the read model answers GET with the same tenant
    const read = await t.call(token, 'GET', tenantUrl(tenantId));
    expect(read.json()).toEqual(body);

    // the same values again: nothing to record, same answer
    const again = await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { address });
    expect(again.statusCode).toBe(200);
    expect(await events(tenantId)).toHaveLength(2);

    // null clears an optional part
    const cleared = await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), {
      contact: null,
      description: null,
    });
    expect(cleared.json()).toMatchObject({ contact: null, description: null, address });
  });

  it('keeps the award confirmation threshold: 300 zł by default, changed and refused with Polish messages', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const patch = (payload: unknown) =>
      t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), payload);
    expect((await t.call(token, 'GET', tenantUrl(tenantId))).json()).toMatchObject({
      awardConfirmAboveGrosze: 30_000,
    });
    // the default again is no change
    expect((await patch({ awardConfirmAboveGrosze: 30_000 })).statusCode).toBe(200);
    expect(await events(tenantId)).toHaveLength(1);

    const changed = await patch({ awardConfirmAboveGrosze: 100_000 });
    expect(changed.json()).toMatchObject({ awardConfirmAboveGrosze: 100_000 });
    const [, updated] = await events(tenantId);
    expect(TenantUpdatedData.parse(updated!.data).changes).toEqual({ awardConfirmAboveGrosze: 100_000 });

    for (const [value, message] of [
      [500, 'Próg musi wynosić co najmniej 10 zł.'],
      [20_000_000, 'Próg może wynosić najwyżej 100 000 zł.'],
    ] as const) {
      const refused = await patch({ awardConfirmAboveGrosze: value });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
  });

  it('refuses a wrong NIP, postal code or colour with Polish messages in the 400 errors map', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const patch = (payload: unknown) =>
      t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), payload);

    const checksum = await patch({ nip: '123-456-32-19' });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      errors: { nip: [NipMessages.checksum] },
    });
    expect((await patch({ nip: '12345' })).json().errors).toEqual({ nip: [NipMessages.format] });

    const more = await patch({
      address: { ...address, postalCode: '00950' },
      branding: { ...defaultBranding, backgroundColor: 'red' },
    });
    expect(more.json().errors).toEqual({
      'address.postalCode': ['Kod pocztowy ma format 00-000.'],
      'branding.backgroundColor': ['Kolor podaj w formacie #RRGGBB.'],
    });
    expect(await events(tenantId)).toHaveLength(1);

    const nip = randomNip();
    const valid = await patch({
      nip: `${nip.slice(0, 3)} ${nip.slice(3, 6)} ${nip.slice(6, 8)} ${nip.slice(8)}`,
    });
    expect(valid.json().nip).toBe(nip);
  });

  it('needs tenant.settings: an employee without it gets 403, with it 200', async () => {
    const { tenantId } = await t.ownerWithTenant();
    const without = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.cardsScan],
    });
    const denied = await t.call(without, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { address });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PERMISSION_DENIED', status: 403 });

    const withIt = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.tenantSettings],
    });
    const ok = await t.call(withIt, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { address });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('tenant-configured and validate-tenant', () => {
  it('is not configured until the address and an ACTIVE program exist; any member may ask', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const employee = await t.tokenFor({ id: randomUUID(), role: Roles.employee, tid: tenantId, perms: [] });

    const before = await t.call(employee, 'GET', tenantUrl(tenantId, '/tenant-configured'));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      configured: false,
      missing: [
        { key: 'address', message: 'Uzupełnij adres firmy.' },
        { key: 'activeProgram', message: 'Utwórz co najmniej jeden aktywny program lojalnościowy.' },
      ],
    });

    await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { address });
    const program = { kind: 'points', name: 'Punkty za zakupy', pointsPerPln: 1 };
    const inactive = await t.call(token, 'POST', tenantUrl(tenantId, '/loyalty-programs'), {
      ...program,
      active: false,
    });
    expect(inactive.statusCode, inactive.body).toBe(201);
    const stillNot = await t.call(employee, 'POST', tenantUrl(tenantId, '/validate-tenant'));
    expect(stillNot.json()).toEqual({
      configured: false,
      missing: [{ key: 'activeProgram', message: 'Utwórz co najmniej jeden aktywny program lojalnościowy.' }],
    });

    await t.call(token, 'POST', tenantUrl(tenantId, '/loyalty-programs'), program);
    for (const [method, path] of [
      ['GET', '/tenant-configured'],
      ['POST', '/validate-tenant'],
    ] as const) {
      const res = await t.call(employee, method, tenantUrl(tenantId, path));
      expect(res.json(), path).toEqual({ configured: true, missing: [] });
    }
  });
});

describe('DELETE /api/v1/tenants/delete-tenant', () => {
  const remove = (token: string | null, confirmCompanyName: unknown) =>
    t.call(token, 'DELETE', '/api/v1/tenants/delete-tenant', { confirmCompanyName });

  it('needs the exact company name (trimmed, any case), else 400 on confirmCompanyName', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const wrong = await remove(token, 'Kawiarnia Pod Dębem');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { confirmCompanyName: [TenantErrors.deleteConfirmation.message] },
    });
    expect((await remove(token, '')).json().errors).toEqual({
      confirmCompanyName: [DELETE_CONFIRMATION_EMPTY_MESSAGE],
    });
    expect(await events(tenantId)).toHaveLength(1);
  });

  it('takes the name with another dash, quotes and spacing (issue 32)', async () => {
    const { tenantId, token } = await t.ownerWithTenant({ companyName: 'Zakład „Żaneta” — Łódź' });
    const res = await remove(token, ' zakład "Żaneta"-Łódź ');
    expect(res.statusCode, res.body).toBe(204);
    expect((await events(tenantId)).at(-1)!.type).toBe('TenantDeleted');
  });

  it('deletes the owner’s tenant: TenantDeleted, then 404 on reads, 410 on changes, and a new tenant is possible', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant();
    const res = await remove(token, '  kawiarnia pod lipą ');
    expect(res.statusCode, res.body).toBe(204);

    const last = (await events(tenantId)).at(-1)!;
    expect(last.type).toBe('TenantDeleted');
    expect(TenantDeletedData.parse(last.data)).toEqual({ tenantId, ownerId, deletedAt: expect.any(String) });

    const read = await t.call(token, 'GET', tenantUrl(tenantId));
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: TenantErrors.notFound.code });
    const change = await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { address });
    expect(change.statusCode).toBe(410);
    expect(change.json()).toMatchObject({
      code: 'TENANT.DELETED',
      localizedMessage: TenantErrors.deleted.message,
    });
    expect((await t.call(token, 'GET', tenantUrl(tenantId, '/loyalty-programs'))).statusCode).toBe(404);
    expect((await remove(token, 'Kawiarnia Pod Lipą')).statusCode).toBe(410);

    // identity clears `tid` on TenantDeleted; the owner's next token can create a new company
    const fresh = await t.call(
      await t.tokenFor({ id: ownerId, role: Roles.owner }),
      'POST',
      '/api/v1/tenants/create',
      {
        companyName: 'Nowa Lipa',
        nip: randomNip(),
      },
    );
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().tenantId).not.toBe(tenantId);
  });

  it('is for owners of a tenant only', async () => {
    const { tenantId } = await t.ownerWithTenant();
    const employee = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: Object.values(Permissions),
    });
    expect((await remove(employee, 'Kawiarnia Pod Lipą')).statusCode).toBe(403);
    const noTenant = await remove(
      await t.tokenFor({ id: randomUUID(), role: Roles.owner }),
      'Kawiarnia Pod Lipą',
    );
    expect(noTenant.statusCode).toBe(404);
    expect((await remove(null, 'x')).statusCode).toBe(401);
    expect(await events(tenantId)).toHaveLength(1);
  });
});

describe('tenant.tenants.v1', () => {
  it('publishes TenantUpdated and TenantDeleted with the tenant id in the envelope', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant({ companyName: 'Barber Wąsik' });
    await t.call(token, 'PATCH', tenantUrl(tenantId, '/update-tenant'), { address });
    await t.call(token, 'DELETE', '/api/v1/tenants/delete-tenant', { confirmCompanyName: 'Barber Wąsik' });

    const received = await t.collect(Topics.tenantTenants);
    t.startRelay();
    await expect
      .poll(() => received.filter((e) => e.aggregateId === tenantId).map((e) => e.type), {
        timeout: 10_000,
      })
      .toEqual(['TenantCreated', 'TenantUpdated', 'TenantDeleted']);
    const deleted = received.find((e) => e.aggregateId === tenantId && e.type === 'TenantDeleted')!;
    expect(deleted.tenantId).toBe(tenantId);
    expect(deleted.data).toMatchObject({ tenantId, ownerId });
  });
});
