import type { ClientPerson } from '@punkto/contracts/clients';
import type { Page } from '@punkto/contracts/pagination';
import { Roles } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PEOPLE_COLLECTION } from './client-people.projection';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';

// The clients list shows one row per person (issue 33, ADR 0054) on the real tenant app and its embedded stores,
// over HTTP: enrolments of one account, or of one address without an account, are one row with their programmes.
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: steppingClock() });
  await t.startConsumers();
});
afterAll(async () => t?.close());

async function company() {
  const owner = await t.ownerWithTenant({ companyName: 'Kawiarnia Pod Lipą' });
  const points = await t.program(owner.tenantId, owner.token, { name: 'Kawa za punkty' });
  const stamps = await t.program(owner.tenantId, owner.token, { name: 'Pieczątki' });
  const base = `/api/v1/tenants/${owner.tenantId}`;
  const list = async (query = '') => {
    const res = await t.call(owner.token, 'GET', `${base}/get-clients${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<ClientPerson>;
  };
  const programmes = async (query = '') =>
    (await list(query)).items.map((p) => [p.name, p.enrolments.map((e) => e.programName).sort()]);
  const remove = async (clientId: string) =>
    expect((await t.call(owner.token, 'DELETE', `${base}/clients/${clientId}`)).statusCode).toBe(204);
  return { ...owner, points, stamps, base, list, programmes, remove };
}

async function customer(name: string, email = `${randomUUID()}@example.pl`) {
  const id = randomUUID();
  const token = await t.tokenFor({ id, role: Roles.customer, email, name } as never);
  const join = async (c: Awaited<ReturnType<typeof company>>, programId: string, phone = '') => {
    const res = await t.call(token, 'POST', `${c.base}/join`, { programId, phone });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { clientId: string }).clientId;
  };
  return { id, email, join };
}

describe('GET /tenants/{id}/get-clients: one row per person', () => {
  it('a person in two programmes is one row (count 1, found once); removing one enrolment keeps the row, removing both drops it', async () => {
    const c = await company();
    const ola = await customer('Ola Żak');
    const inPoints = await ola.join(c, c.points, '600 100 200');
    const inStamps = await ola.join(c, c.stamps);

    const page = await c.list();
    expect(page).toMatchObject({ totalCount: 1, totalPages: 1 });
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        userId: ola.id,
        email: ola.email,
        name: 'Ola Żak',
        phone: '+48600100200',
        phoneGivenBy: 'customer',
        status: 'active',
        enrolledAt: expect.any(String),
        enrolments: [
          { clientId: inPoints, programId: c.points, programName: 'Kawa za punkty', status: 'active' },
          { clientId: inStamps, programId: c.stamps, programName: 'Pieczątki', status: 'active' },
        ],
      },
    ]);
    // each client page names the person's other programme (their row of the list)
    const otherOf = async (clientId: string) =>
      ((await t.call(c.token, 'GET', `${c.base}/clients/${clientId}`)).json() as { otherProgrammes: unknown })
        .otherProgrammes;
    expect(await otherOf(inPoints)).toEqual([
      { clientId: inStamps, programId: c.stamps, programName: 'Pieczątki', status: 'active' },
    ]);
    expect(await otherOf(inStamps)).toEqual([
      { clientId: inPoints, programId: c.points, programName: 'Kawa za punkty', status: 'active' },
    ]);
    for (const term of ['zak', '600100200', encodeURIComponent(ola.email)])
      expect(await c.programmes(`?searchTerm=${term}`)).toEqual([
        ['Ola Żak', ['Kawa za punkty', 'Pieczątki']],
      ]);

    await c.remove(inPoints);
    expect(await c.programmes()).toEqual([['Ola Żak', ['Pieczątki']]]);
    expect((await c.list()).totalCount).toBe(1);

    await c.remove(inStamps);
    expect(await c.list()).toMatchObject({ items: [], totalCount: 0 });
    expect(await c.programmes('?searchTerm=zak')).toEqual([]);
  });

  it('counts, sorts and pages people, not enrolments', async () => {
    const c = await company();
    const adam = await customer('Adam Nowak');
    const ewa = await customer('Ewa Bąk');
    await adam.join(c, c.points);
    await ewa.join(c, c.points);
    await adam.join(c, c.stamps);
    const invited = await t.call(c.token, 'PATCH', `${c.base}/add-client`, {
      email: 'zaproszona@example.pl',
      programId: c.stamps,
    });
    expect(invited.statusCode, invited.body).toBe(200);

    expect((await c.list()).totalCount).toBe(3);
    expect((await c.programmes('?sortBy=name')).map(([name]) => name)).toEqual([
      'Adam Nowak',
      'Ewa Bąk',
      'zaproszona@example.pl',
    ]);
    // the first enrolment's date orders the people: Adam came before Ewa
    expect((await c.programmes('?sortBy=enrolledAt&sortDescending=true')).map(([name]) => name)).toEqual([
      'zaproszona@example.pl',
      'Ewa Bąk',
      'Adam Nowak',
    ]);
    expect((await c.list('?sortBy=status')).items.map((p) => p.status)).toEqual([
      'active',
      'active',
      'invited',
    ]);
    const second = await c.list('?sortBy=name&pageSize=2&pageNumber=2');
    expect(second).toMatchObject({ totalCount: 3, totalPages: 2 });
    expect(second.items.map((p) => p.name)).toEqual(['zaproszona@example.pl']);
  });

  it('an address invited by staff and the same person’s account stay one row, before and after identity links it', async () => {
    const c = await company();
    const email = `${randomUUID()}@example.pl`;
    const added = await t.call(c.token, 'PATCH', `${c.base}/add-client`, { email, programId: c.stamps });
    const { clientId: invitedId } = added.json() as { clientId: string };
    expect(await c.list()).toMatchObject({
      totalCount: 1,
      items: [{ status: 'invited', userId: null, email }],
    });

    const marta = await customer('Marta Lis', email);
    const joined = await marta.join(c, c.points);
    const one = await c.list();
    expect(one.totalCount).toBe(1);
    expect(one.items[0]).toMatchObject({ name: 'Marta Lis', status: 'active', userId: marta.id });
    expect(one.items[0]!.enrolments.map((e) => [e.clientId, e.status])).toEqual([
      [invitedId, 'invited'],
      [joined, 'active'],
    ]);
    // the invited address's client page finds its person under the account that holds the same address
    const invitedPage = (await t.call(c.token, 'GET', `${c.base}/clients/${invitedId}`)).json() as {
      otherProgrammes: Array<{ clientId: string }>;
    };
    expect(invitedPage.otherProgrammes.map((e) => e.clientId)).toEqual([joined]);

    await t.publishIdentityEvent('UserLinkedToClient', marta.id, {
      userId: marta.id,
      clientId: invitedId,
      tenantId: c.tenantId,
      programId: c.stamps,
      linkedAt: '2026-03-02T09:00:00.000Z',
    });
    await expect
      .poll(async () => (await c.list()).items.map((p) => p.enrolments.map((e) => e.status)), {
        timeout: 10_000,
      })
      .toEqual([['active', 'active']]);
    expect((await c.list()).totalCount).toBe(1);

    // the account's own enrolment removed: the invited one is the person's row on its own
    await c.remove(joined);
    expect((await c.list()).items.map((p) => p.enrolments.map((e) => e.clientId))).toEqual([[invitedId]]);
  });

  it('an account deleted (erasure) leaves no row and no personal data in the people read model', async () => {
    const c = await company();
    const zenon = await customer('Zenon Znikający', `znikam.${randomUUID()}@example.pl`);
    await zenon.join(c, c.points, '600 700 800');
    await zenon.join(c, c.stamps);
    expect((await c.list()).totalCount).toBe(1);

    await t.publishIdentityEvent('UserDeleted', zenon.id, {
      userId: zenon.id,
      reason: 'self',
      deletedAt: '2026-03-02T10:00:00.000Z',
    });
    await expect.poll(async () => (await c.list()).totalCount, { timeout: 10_000 }).toBe(0);
    const stored = await t.infra.documents.collection(CLIENT_PEOPLE_COLLECTION).find({});
    expect(JSON.stringify(stored)).not.toMatch(/Zenon|znikam|600700800/);
  });

  it('is rebuilt from the enrolments when a company’s rows are missing (companies from before), with the same rows', async () => {
    const c = await company();
    const ola = await customer('Ola Żak');
    await ola.join(c, c.points);
    await ola.join(c, c.stamps);
    await (await customer('Piotr Lis')).join(c, c.stamps);
    const before = await c.list('?sortBy=name');

    const people = t.infra.documents.collection<{ _id: string }>(CLIENT_PEOPLE_COLLECTION);
    for (const doc of await people.find({ tenantId: c.tenantId })) await people.delete(doc._id);
    await t.infra.documents.collection('client_people_rebuilt').delete(c.tenantId);

    expect(await c.list('?sortBy=name')).toEqual(before);
    expect(before.items.map((p) => p.enrolments.length)).toEqual([2, 1]);
  });
});
