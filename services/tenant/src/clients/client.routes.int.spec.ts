import { ClientErrors, type ClientPerson } from '@punkto/contracts/clients';
import { PERMISSION_DENIED_MESSAGE } from '@punkto/contracts/errors';
import type { Page } from '@punkto/contracts/pagination';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { ProgramErrors } from '@punkto/contracts/programs';
import { Topics } from '@punkto/contracts/topics';
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
const createClient = (tenantId: string, token: string, body: object) =>
  t.call(token, 'POST', `${base(tenantId)}/create-client`, body);
const addClient = (tenantId: string, token: string, body: object) =>
  t.call(token, 'PATCH', `${base(tenantId)}/add-client`, body);
const getClients = (tenantId: string, token: string, query = '') =>
  t.call(token, 'GET', `${base(tenantId)}/get-clients${query}`);
const getClient = (tenantId: string, token: string, clientId: string) =>
  t.call(token, 'GET', `${base(tenantId)}/clients/${clientId}`);

/** a tenant with an owner and one active program */
async function company(name = 'Kawiarnia Pod Lipą') {
  const owner = await t.ownerWithTenant({ companyName: name });
  const programId = await t.program(owner.tenantId, owner.token, { name: 'Kawa za punkty' });
  return { ...owner, programId };
}

describe('POST /tenants/{id}/create-client', () => {
  it('enrols a new customer: ClientEnrolled with the contract payload, sealed in the log, listed as invited', async () => {
    const { tenantId, token, programId, ownerId } = await company('Barber Wąsik');
    const res = await createClient(tenantId, token, {
      email: 'Ola.Zak@Example.pl',
      name: 'Ola Żak',
      phone: '600 100 200',
      programId,
      marketingConsent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { clientId } = res.json() as { clientId: string };

    const [raw] = await t.infra.eventStore.readStream(toClientStreamId(clientId));
    expect(raw).toMatchObject({ type: 'ClientEnrolled', metadata: { tenantId, actorId: ownerId } });
    // the plain values (a bare `zak` also matches random ciphertext now and then: „…0ZaKEl…”)
    expect(JSON.stringify(raw!.data)).not.toMatch(/ola\.zak@|Żak|600100200/i);
    const [plain] = await tenantEventStore(t.infra).readStream(toClientStreamId(clientId));
    expect(plain!.data).toEqual({
      clientId,
      tenantId,
      programId,
      userId: null,
      email: 'ola.zak@example.pl',
      name: 'Ola Żak',
      phone: '+48600100200',
      source: 'created',
      companyName: 'Barber Wąsik',
      programName: 'Kawa za punkty',
      marketingConsent: true,
      enrolledAt: expect.any(String),
    });

    const one = await getClient(tenantId, token, clientId);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({
      id: clientId,
      tenantId,
      userId: null,
      email: 'ola.zak@example.pl',
      name: 'Ola Żak',
      phone: '+48600100200',
      phoneGivenBy: 'staff',
      programId,
      programName: 'Kawa za punkty',
      status: 'invited',
      source: 'created',
      enrolledAt: (plain!.data as { enrolledAt: string }).enrolledAt,
      otherProgrammes: [],
    });
  });

  it('refuses an unknown, foreign or deleted program (404) and an inactive one (400), in Polish', async () => {
    const a = await company();
    const b = await company();
    const body = (programId: string) => ({ email: 'k@example.pl', name: 'Klient Testowy', programId });

    const unknown = await createClient(a.tenantId, a.token, body('nie-ma-takiego'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: ProgramErrors.notFound.code,
      localizedMessage: ProgramErrors.notFound.message,
    });
    expect((await createClient(a.tenantId, a.token, body(b.programId))).statusCode).toBe(404);

    const inactive = await t.program(a.tenantId, a.token, { name: 'Wstrzymany', active: false });
    const refused = await createClient(a.tenantId, a.token, body(inactive));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: ClientErrors.programInactive.code,
      localizedMessage: ClientErrors.programInactive.message,
    });

    const doomed = await t.program(a.tenantId, a.token, { name: 'Do usunięcia' });
    expect(
      (await t.call(a.token, 'DELETE', `${base(a.tenantId)}/loyalty-programs/${doomed}`)).statusCode,
    ).toBe(204);
    expect((await createClient(a.tenantId, a.token, body(doomed))).statusCode).toBe(404);

    const invalid = await createClient(a.tenantId, a.token, {
      email: 'zly',
      name: 'K',
      phone: '12',
      programId: '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['email', 'name', 'phone', 'programId']);
  });

  it('enrols an address once per program: 409 CLIENT.ALREADY_ENROLLED, also under concurrency', async () => {
    const { tenantId, token, programId } = await company();
    const second = await t.program(tenantId, token, { name: 'Drugi program' });
    const body = { email: 'raz@example.pl', name: 'Raz Dwa', programId };
    expect((await createClient(tenantId, token, body)).statusCode).toBe(201);
    const again = await addClient(tenantId, token, { email: 'RAZ@example.pl', programId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ClientErrors.alreadyEnrolled.code,
      localizedMessage: ClientErrors.alreadyEnrolled.message,
    });
    expect((await createClient(tenantId, token, { ...body, programId: second })).statusCode).toBe(201);

    const racing = await Promise.all(
      Array.from({ length: 5 }, () => createClient(tenantId, token, { ...body, email: 'wyscig@example.pl' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('PATCH /tenants/{id}/add-client and POST /tenants/{id}/join', () => {
  it('adds an existing customer by e-mail (source added, invited until identity links the account)', async () => {
    const { tenantId, token, programId } = await company();
    const res = await addClient(tenantId, token, { email: 'stala.klientka@example.pl', programId });
    expect(res.statusCode, res.body).toBe(200);
    const { clientId } = res.json() as { clientId: string };
    expect((await getClient(tenantId, token, clientId)).json()).toMatchObject({
      source: 'added',
      status: 'invited',
      userId: null,
      email: 'stala.klientka@example.pl',
    });

    // identity linked (or created) the account: identity.users.v1 UserLinkedToClient → ClientAccountLinked
    const userId = randomUUID();
    await t.publishIdentityEvent('UserLinkedToClient', userId, {
      userId,
      clientId,
      tenantId,
      programId,
      linkedAt: '2026-03-02T09:00:00.000Z',
    });
    await expect
      .poll(async () => (await getClient(tenantId, token, clientId)).json(), { timeout: 10_000 })
      .toMatchObject({ status: 'active', userId });
    const events = await t.infra.eventStore.readStream(toClientStreamId(clientId));
    expect(events.map((e) => e.type)).toEqual(['ClientEnrolled', 'ClientAccountLinked']);
    expect(events[1]!.data).toEqual({ clientId, tenantId, programId, userId, linkedAt: expect.any(String) });
  });

  it('lets a logged-in customer join from the enrolment link (active at once, with their user id)', async () => {
    const { tenantId, token, programId } = await company();
    const customerId = randomUUID();
    const customer = await t.tokenFor({
      id: customerId,
      role: Roles.customer,
      email: 'sama@example.pl',
      name: 'Sama Zapisana',
    });
    const joined = await t.call(customer, 'POST', `${base(tenantId)}/join`, { programId });
    expect(joined.statusCode, joined.body).toBe(201);
    const { clientId } = joined.json() as { clientId: string };
    expect((await getClient(tenantId, token, clientId)).json()).toMatchObject({
      userId: customerId,
      status: 'active',
      source: 'self',
      name: 'Sama Zapisana',
      email: 'sama@example.pl',
    });
    const again = await t.call(customer, 'POST', `${base(tenantId)}/join`, { programId });
    expect(again.statusCode).toBe(409);
    // no consent to marketing e-mails unless the customer ticks it (company messages, ADR 0027)
    const [enrolled] = await tenantEventStore(t.infra).readStream(toClientStreamId(clientId));
    expect(enrolled!.data).toMatchObject({ marketingConsent: false });
    const second = await company('Barber Wąsik');
    const consenting = await t.call(customer, 'POST', `${base(second.tenantId)}/join`, {
      programId: second.programId,
      marketingConsent: true,
    });
    expect(consenting.statusCode, consenting.body).toBe(201);
    const [withConsent] = await tenantEventStore(t.infra).readStream(
      toClientStreamId((consenting.json() as { clientId: string }).clientId),
    );
    expect(withConsent!.data).toMatchObject({ marketingConsent: true, source: 'self' });
    // staff and anonymous callers cannot join
    expect((await t.call(token, 'POST', `${base(tenantId)}/join`, { programId })).statusCode).toBe(403);
    expect((await t.call(null, 'POST', `${base(tenantId)}/join`, { programId })).statusCode).toBe(401);
  });

  it("keeps the phone a customer gives at join (unverified, given by the customer); their profile's new phone reaches every company", async () => {
    const a = await company('Kawiarnia Pod Lipą');
    const b = await company('Barber Wąsik');
    const customerId = randomUUID();
    const customer = await t.tokenFor({
      id: customerId,
      role: Roles.customer,
      email: 'z.telefonem@example.pl',
      name: 'Zofia Telefon',
    });
    const bad = await t.call(customer, 'POST', `${base(a.tenantId)}/join`, {
      programId: a.programId,
      phone: '600 100',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      phone: [
        'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.',
      ],
    });

    const joinedA = await t.call(customer, 'POST', `${base(a.tenantId)}/join`, {
      programId: a.programId,
      phone: '+48 600-100-200',
    });
    expect(joinedA.statusCode, joinedA.body).toBe(201);
    const clientA = (joinedA.json() as { clientId: string }).clientId;
    // an empty phone box is no phone
    const joinedB = await t.call(customer, 'POST', `${base(b.tenantId)}/join`, {
      programId: b.programId,
      phone: '',
    });
    expect(joinedB.statusCode, joinedB.body).toBe(201);
    const clientB = (joinedB.json() as { clientId: string }).clientId;
    expect((await getClient(a.tenantId, a.token, clientA)).json()).toMatchObject({
      phone: '+48600100200',
      phoneGivenBy: 'customer',
    });
    expect((await getClient(b.tenantId, b.token, clientB)).json()).toMatchObject({
      phone: null,
      phoneGivenBy: null,
    });
    // staff search the list by the number
    const listed = (
      await getClients(a.tenantId, a.token, '?searchTerm=600100200')
    ).json() as Page<ClientPerson>;
    expect(listed.items.map((c) => c.enrolments.map((e) => e.clientId))).toEqual([[clientA]]);

    // identity.users.v1 UserPhoneChanged (the profile) → ClientPhoneChanged in both companies
    const phoneChanged = (phone: string | null) =>
      t.publishIdentityEvent('UserPhoneChanged', customerId, {
        userId: customerId,
        phone,
        changedAt: '2026-03-02T10:00:00.000Z',
      });
    await phoneChanged('+48600999888');
    for (const [{ tenantId, token }, clientId] of [
      [a, clientA],
      [b, clientB],
    ] as const)
      await expect
        .poll(async () => (await getClient(tenantId, token, clientId)).json(), { timeout: 10_000 })
        .toMatchObject({ phone: '+48600999888', phoneGivenBy: 'customer' });
    const events = await tenantEventStore(t.infra).readStream(toClientStreamId(clientA));
    expect(events.map((e) => e.type)).toEqual(['ClientEnrolled', 'ClientPhoneChanged']);
    expect(events[1]!.data).toEqual({
      clientId: clientA,
      tenantId: a.tenantId,
      programId: a.programId,
      phone: '+48600999888',
      givenBy: 'customer',
      changedAt: expect.any(String),
    });
    // sealed in the log like the rest of the client's personal data
    const [, raw] = await t.infra.eventStore.readStream(toClientStreamId(clientA));
    expect(JSON.stringify(raw!.data)).not.toContain('600999888');
    expect(
      ((await getClients(a.tenantId, a.token, '?searchTerm=600100200')).json() as Page<ClientPerson>).items,
    ).toEqual([]);

    // a phone shredded before identity's relay published it is skipped; removing the phone clears it
    await phoneChanged('[dane usunięte]');
    await phoneChanged(null);
    await expect
      .poll(async () => (await getClient(a.tenantId, a.token, clientA)).json(), { timeout: 10_000 })
      .toMatchObject({ phone: null, phoneGivenBy: null });
    expect(
      (await tenantEventStore(t.infra).readStream(toClientStreamId(clientA))).map((e) => e.type),
    ).toEqual(['ClientEnrolled', 'ClientPhoneChanged', 'ClientPhoneChanged']);
  });

  it('publishes ClientEnrolled on tenant.clients.v1 with the personal data in plain', async () => {
    const received = await t.collect(Topics.tenantClients);
    t.startRelay();
    const { tenantId, token, programId } = await company('Pracownia Róż');
    const { clientId } = (
      await createClient(tenantId, token, { email: 'marek@example.pl', name: 'Marek Łoś', programId })
    ).json() as { clientId: string };
    await expect
      .poll(() => received.find((e) => e.aggregateId === clientId), { timeout: 10_000 })
      .toMatchObject({
        type: 'ClientEnrolled',
        tenantId,
        data: {
          clientId,
          email: 'marek@example.pl',
          name: 'Marek Łoś',
          companyName: 'Pracownia Róż',
          userId: null,
        },
      });
  });
});

describe('GET /tenants/{id}/get-clients and /clients/{clientId}', () => {
  it('pages, sorts and searches name, e-mail and phone (case and diacritics insensitive)', async () => {
    const { tenantId, token, programId } = await company();
    for (const [name, email, phone] of [
      ['Żaneta Zielińska', 'zaneta@example.pl', '501 000 001'],
      ['Łukasz Łoś', 'lukasz@poczta.pl', null],
      ['Adam Nowak', 'adam@example.pl', '+48 600 100 200'],
      ['Ćwirek Bąk', 'cwirek@poczta.pl', null],
    ])
      expect(
        (await createClient(tenantId, token, { name, email, programId, ...(phone && { phone }) })).statusCode,
      ).toBe(201);

    const names = async (query: string) => {
      const res = await getClients(tenantId, token, query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Page<ClientPerson>).items.map((c) => c.name);
    };
    expect(await names('')).toEqual(['Adam Nowak', 'Ćwirek Bąk', 'Łukasz Łoś', 'Żaneta Zielińska']);
    const page = await getClients(tenantId, token, '?pageNumber=2&pageSize=3&sortBy=name');
    expect(page.json()).toMatchObject({ pageNumber: 2, pageSize: 3, totalCount: 4, totalPages: 2 });
    expect((page.json() as Page<ClientPerson>).items.map((c) => c.name)).toEqual(['Żaneta Zielińska']);
    expect(await names('?sortBy=enrolledAt&sortDescending=true')).toEqual([
      'Ćwirek Bąk',
      'Adam Nowak',
      'Łukasz Łoś',
      'Żaneta Zielińska',
    ]);
    expect(await names('?sortBy=email')).toEqual([
      'Adam Nowak',
      'Ćwirek Bąk',
      'Łukasz Łoś',
      'Żaneta Zielińska',
    ]);

    expect(await names('?searchTerm=LOS')).toEqual(['Łukasz Łoś']);
    expect(await names(`?searchTerm=${encodeURIComponent('zielińsk')}`)).toEqual(['Żaneta Zielińska']);
    expect(await names('?searchTerm=poczta')).toEqual(['Ćwirek Bąk', 'Łukasz Łoś']);
    expect(await names(`?searchTerm=${encodeURIComponent('600 100')}`)).toEqual(['Adam Nowak']);
    expect(await names('?searchTerm=501000001')).toEqual(['Żaneta Zielińska']);
    expect(await names('?searchTerm=nikt')).toEqual([]);
  });

  it('needs clients.view; a client of another tenant is 404 through our path, 403 through theirs', async () => {
    const a = await company();
    const b = await company();
    const { clientId } = (
      await createClient(a.tenantId, a.token, {
        email: 'a@example.pl',
        name: 'Klient A',
        programId: a.programId,
      })
    ).json() as { clientId: string };

    const viewer = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: a.tenantId,
      perms: [Permissions.clientsView],
    });
    expect((await getClients(a.tenantId, viewer)).statusCode).toBe(200);
    expect((await getClient(a.tenantId, viewer, clientId)).statusCode).toBe(200);
    // view is not manage
    const create = await createClient(a.tenantId, viewer, {
      email: 'v@example.pl',
      name: 'V V',
      programId: a.programId,
    });
    expect(create.statusCode).toBe(403);
    const scanner = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: a.tenantId,
      perms: [Permissions.cardsScan],
    });
    expect((await getClients(a.tenantId, scanner)).statusCode).toBe(403);

    const missing = await getClient(a.tenantId, a.token, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: ClientErrors.notFound.code,
      localizedMessage: ClientErrors.notFound.message,
    });
    expect((await getClient(b.tenantId, b.token, clientId)).statusCode).toBe(404);

    const staffOfB = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: b.tenantId,
      perms: [Permissions.clientsView, Permissions.clientsManage],
    });
    const routes: Array<[string, string, object?]> = [
      [
        'POST',
        `${base(a.tenantId)}/create-client`,
        { email: 'x@example.pl', name: 'X Y', programId: a.programId },
      ],
      ['PATCH', `${base(a.tenantId)}/add-client`, { email: 'x@example.pl', programId: a.programId }],
      ['GET', `${base(a.tenantId)}/get-clients`],
      ['GET', `${base(a.tenantId)}/clients/${clientId}`],
    ];
    for (const [method, path, body] of routes)
      for (const token of [b.token, staffOfB]) {
        const res = await t.call(token, method as 'GET', path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({
          status: 403,
          code: 'PERMISSION_DENIED',
          localizedMessage: PERMISSION_DENIED_MESSAGE,
        });
        expect(res.body).not.toContain('Klient A');
      }
  });
});
