import type { ClientPerson } from '@punkto/contracts/clients';
import type { Page } from '@punkto/contracts/pagination';
import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { documentPersonKeys } from '@punkto/platform/privacy/person-keys';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toClientStreamId } from './client';
import { tenantEventStore } from './staff-and-clients';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: steppingClock() });
  await t.startConsumers();
});
afterAll(async () => t?.close());

const base = (tenantId: string) => `/api/v1/tenants/${tenantId}`;

async function company(name: string) {
  const owner = await t.ownerWithTenant({ companyName: name });
  const programId = await t.program(owner.tenantId, owner.token, { name: 'Kawa za punkty' });
  return { ...owner, programId };
}

describe('identity.users.v1 UserDeleted (a customer deleted their account)', () => {
  it('removes every client record of the account in every company: not listed, not found, not exported, the log shredded', async () => {
    const a = await company('Kawiarnia Pod Lipą');
    const b = await company('Barber Wąsik');
    const customerId = randomUUID();
    const customer = await t.tokenFor({
      id: customerId,
      role: Roles.customer,
      email: 'znikam@example.pl',
      name: 'Zenon Znikający',
    });
    const join = async (c: typeof a, phone: string) => {
      const res = await t.call(customer, 'POST', `${base(c.tenantId)}/join`, {
        programId: c.programId,
        phone,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { clientId: string }).clientId;
    };
    const clientA = await join(a, '600 700 800');
    const clientB = await join(b, '');
    // someone else of company A stays
    const other = await t.call(a.token, 'POST', `${base(a.tenantId)}/create-client`, {
      email: 'zostaje@example.pl',
      name: 'Olga Zostaje',
      programId: a.programId,
      marketingConsent: false,
    });
    expect(other.statusCode, other.body).toBe(201);

    const deleted = () =>
      t.publishIdentityEvent('UserDeleted', customerId, {
        userId: customerId,
        reason: 'self',
        deletedAt: '2026-03-02T10:00:00.000Z',
      });
    await deleted();

    const list = async (c: typeof a, query = '') =>
      ((await t.call(c.token, 'GET', `${base(c.tenantId)}/get-clients${query}`)).json() as Page<ClientPerson>)
        .items;
    await expect
      .poll(async () => (await list(a)).map((c) => c.name), { timeout: 10_000 })
      .toEqual(['Olga Zostaje']);
    await expect.poll(async () => (await list(b)).length, { timeout: 10_000 }).toBe(0);
    expect(await list(a, '?searchTerm=600700800')).toEqual([]);
    expect(await list(a, '?searchTerm=znikam')).toEqual([]);
    for (const [c, clientId] of [
      [a, clientA],
      [b, clientB],
    ] as const)
      expect((await t.call(c.token, 'GET', `${base(c.tenantId)}/clients/${clientId}`)).statusCode).toBe(404);
    const csv = (await t.call(a.token, 'GET', `${base(a.tenantId)}/exports/clients`)).body;
    expect(csv).toContain('Olga Zostaje');
    expect(csv).not.toMatch(/Zenon|znikam|600700800|700 800/);

    // the log: ClientRemoved appended, the personal data of ClientEnrolled unreadable (key shredded)
    const events = await tenantEventStore(t.infra).readStream(toClientStreamId(clientA));
    expect(events.map((e) => e.type)).toEqual(['ClientEnrolled', 'ClientRemoved']);
    expect(events[0]!.data).toMatchObject({ email: '[dane usunięte]', name: '[dane usunięte]' });
    expect(await documentPersonKeys(t.infra.documents).get(clientA)).toBeNull();

    // a redelivery decides nothing new
    await deleted();
    await deleted();
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await tenantEventStore(t.infra).readStream(toClientStreamId(clientB))).map((e) => e.type),
    ).toEqual(['ClientEnrolled', 'ClientRemoved']);
  });

  it('staff with clients.manage remove one client: gone from the company, shredded, free to join again; others refused', async () => {
    const a = await company('Kawiarnia Pod Lipą');
    const b = await company('Barber Wąsik');
    const created = await t.call(a.token, 'POST', `${base(a.tenantId)}/create-client`, {
      email: 'odchodzi@example.pl',
      name: 'Olek Odchodzący',
      phone: '600 200 300',
      programId: a.programId,
      marketingConsent: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { clientId } = created.json() as { clientId: string };
    const remove = (token: string, tenantId = a.tenantId, id = clientId) =>
      t.call(token, 'DELETE', `${base(tenantId)}/clients/${id}`);
    const employee = (perms: Permission[], tid = a.tenantId) =>
      t.tokenFor({ id: randomUUID(), role: Roles.employee, tid, perms });

    // another company's owner, an employee who may only view, an unknown client: refused, nothing removed
    expect((await remove(b.token)).statusCode).toBe(403);
    expect((await remove(b.token, b.tenantId)).statusCode).toBe(404);
    expect((await remove(await employee([Permissions.clientsView]))).statusCode).toBe(403);
    expect((await remove(a.token, a.tenantId, randomUUID())).statusCode).toBe(404);
    expect((await t.call(a.token, 'GET', `${base(a.tenantId)}/clients/${clientId}`)).statusCode).toBe(200);

    expect(
      (await remove(await employee([Permissions.clientsView, Permissions.clientsManage]))).statusCode,
    ).toBe(204);
    expect((await t.call(a.token, 'GET', `${base(a.tenantId)}/clients/${clientId}`)).statusCode).toBe(404);
    expect((await remove(a.token)).statusCode).toBe(404);
    const events = await tenantEventStore(t.infra).readStream(toClientStreamId(clientId));
    expect(events.map((e) => e.type)).toEqual(['ClientEnrolled', 'ClientRemoved']);
    expect(events[0]!.data).toMatchObject({ email: '[dane usunięte]', name: '[dane usunięte]' });
    // the address is free: the company may enrol the person again (a new client)
    const again = await t.call(a.token, 'POST', `${base(a.tenantId)}/create-client`, {
      email: 'odchodzi@example.pl',
      name: 'Olek Odchodzący',
      programId: a.programId,
      marketingConsent: false,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as { clientId: string }).clientId).not.toBe(clientId);
  });

  it('staff with clients.manage correct the name and the phone: the list, search and log follow; others refused', async () => {
    const a = await company('Kawiarnia Pod Lipą');
    const b = await company('Barber Wąsik');
    const created = await t.call(a.token, 'POST', `${base(a.tenantId)}/create-client`, {
      email: 'poprawka@example.pl',
      name: 'Ola Zak',
      phone: '600 200 300',
      programId: a.programId,
      marketingConsent: false,
    });
    const { clientId } = created.json() as { clientId: string };
    const edit = (token: string, body: object, tenantId = a.tenantId) =>
      t.call(token, 'PATCH', `${base(tenantId)}/clients/${clientId}`, body);

    const changed = await edit(a.token, { name: 'Ola Żak', phone: '+49 151 23456789' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ola Żak', phone: '+4915123456789', phoneGivenBy: 'staff' });
    const list = async (query: string) =>
      (
        (await t.call(a.token, 'GET', `${base(a.tenantId)}/get-clients${query}`)).json() as Page<ClientPerson>
      ).items.flatMap((person) => person.enrolments.map((e) => e.clientId));
    expect(await list('?searchTerm=%C5%BCak')).toEqual([clientId]);
    expect(await list('?searchTerm=600200300')).toEqual([]);
    const events = await tenantEventStore(t.infra).readStream(toClientStreamId(clientId));
    expect(events.map((e) => e.type)).toEqual(['ClientEnrolled', 'ClientRenamed', 'ClientPhoneChanged']);
    // sealed in the log like the rest of the client's personal data
    const raw = await t.infra.eventStore.readStream(toClientStreamId(clientId));
    expect(JSON.stringify(raw[1]!.data)).not.toContain('Żak');
    // an empty phone removes it
    expect((await edit(a.token, { phone: '' })).json()).toMatchObject({ phone: null, phoneGivenBy: null });

    const bad = await edit(a.token, { name: 'Ola\u200bŻak' });
    expect(bad.statusCode).toBe(400);
    expect((await edit(a.token, {})).statusCode).toBe(400);
    expect((await edit(b.token, { name: 'X Y' })).statusCode).toBe(403);
    expect((await edit(b.token, { name: 'X Y' }, b.tenantId)).statusCode).toBe(404);
    const viewer = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: a.tenantId,
      perms: [Permissions.clientsView],
    });
    expect((await edit(viewer, { name: 'X Y' })).statusCode).toBe(403);
  });
});
