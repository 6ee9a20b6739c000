import { Roles } from '@punkto/contracts/permissions';
import { randomNip, TenantErrors } from '@punkto/contracts/tenant';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';
import { NIP_RESERVATIONS_COLLECTION } from './nip-reservations';

/** Issue 36: two companies could share one NIP, so VAT invoices went to someone else's tax id (ADR 0035). */
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const nipTaken = {
  code: TenantErrors.nipTaken.code,
  localizedMessage: TenantErrors.nipTaken.message,
  status: 409,
};
const ownerToken = async () => t.tokenFor({ id: randomUUID(), role: Roles.owner, email: 'w@example.pl' });
const create = async (token: string, nip: string, companyName = 'Kawiarnia Pod Lipą') =>
  t.call(token, 'POST', '/api/v1/tenants/create', { companyName, nip });
const dashed = (nip: string) => `${nip.slice(0, 3)}-${nip.slice(3, 6)}-${nip.slice(6, 8)}-${nip.slice(8)}`;

describe('one active company per NIP', () => {
  it('two owners registering one NIP at the same moment: one company, one 409 TENANT.NIP_TAKEN', async () => {
    const nip = randomNip();
    const answers = await Promise.all([
      create(await ownerToken(), nip),
      create(await ownerToken(), dashed(nip), 'Kawiarnia Pod Dębem'),
      create(await ownerToken(), ` ${nip} `, 'Trzecia'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json()).toEqual(nipTaken);
  });

  it('a NIP another company has cannot be set in the settings either; the company keeps its own', async () => {
    const first = await t.ownerWithTenant();
    const taken = (await t.call(first.token, 'GET', `/api/v1/tenants/${first.tenantId}`)).json()
      .nip as string;
    const second = await t.ownerWithTenant();
    const own = (await t.call(second.token, 'GET', `/api/v1/tenants/${second.tenantId}`)).json()
      .nip as string;

    const res = await t.call(second.token, 'PATCH', `/api/v1/tenants/${second.tenantId}/update-tenant`, {
      nip: dashed(taken),
      description: 'Nowy opis',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(nipTaken);
    const after = (await t.call(second.token, 'GET', `/api/v1/tenants/${second.tenantId}`)).json();
    expect(after).toMatchObject({ nip: own, description: null });
  });

  it('a company that moves to another NIP frees the old one', async () => {
    const oldNip = randomNip();
    const newNip = randomNip();
    const company = await t.ownerWithTenant({ nip: oldNip });
    expect((await create(await ownerToken(), oldNip)).statusCode).toBe(409);

    const moved = await t.call(company.token, 'PATCH', `/api/v1/tenants/${company.tenantId}/update-tenant`, {
      nip: newNip,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await create(await ownerToken(), newNip)).statusCode).toBe(409);
    expect((await create(await ownerToken(), oldNip)).statusCode).toBe(201);
  });

  it('a deleted company frees its NIP: the owner (or anybody) can register it again', async () => {
    const nip = randomNip();
    const company = await t.ownerWithTenant({ nip, companyName: 'Barber Wąsik' });
    const removed = await t.call(company.token, 'DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'Barber Wąsik',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await create(await ownerToken(), nip)).statusCode).toBe(201);
  });

  it('a company from before reservations (no reservation document) still holds its NIP', async () => {
    const nip = randomNip();
    await t.ownerWithTenant({ nip });
    expect(await t.infra.documents.collection(NIP_RESERVATIONS_COLLECTION).delete(nip)).toBe(true);
    const res = await create(await ownerToken(), nip);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(nipTaken);
  });

  it('a reservation a crash left behind (its company deleted or never created) does not block the NIP', async () => {
    const nip = randomNip();
    await t.infra.documents
      .collection<{ _id: string; tenantId: string; reservedAt: string }>(NIP_RESERVATIONS_COLLECTION)
      .insert({ _id: nip, tenantId: randomUUID(), reservedAt: new Date().toISOString() });
    expect((await create(await ownerToken(), nip)).statusCode).toBe(201);
  });
});
