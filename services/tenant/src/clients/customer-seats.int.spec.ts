import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

// The plan's seats (issue 32, ADR 0051) on the real tenant app and its embedded stores, over HTTP: each enrolment
// takes a seat for its person before anything is recorded or said, exactly, whatever runs in parallel.
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

/** billing's entitlement with this customer limit (billing.subscriptions.v1) */
async function limitOf(tenantId: string, customerLimit: number) {
  const consumer = t.consumers.find((c) => c.topics.includes(Topics.billingSubscriptions))!;
  const at = new Date().toISOString();
  await consumer.handler(
    eventMessage(Topics.billingSubscriptions, 'SubscriptionActivated', {
      tenantId,
      at,
      entitlement: { status: 'active', planId: 'basic', customerLimit, writable: true, periodEnd: at },
    }),
  );
}

async function company(customerLimit: number) {
  const owner = await t.ownerWithTenant();
  const programId = await t.program(owner.tenantId, owner.token, { name: 'Kawa za punkty' });
  await limitOf(owner.tenantId, customerLimit);
  const base = `/api/v1/tenants/${owner.tenantId}`;
  const create = (email: string, program = programId) =>
    t.call(owner.token, 'POST', `${base}/create-client`, {
      email,
      name: 'Klient Testowy',
      programId: program,
      marketingConsent: false,
    });
  const join = async (n: string, program = programId) =>
    t.call(
      await t.tokenFor({
        id: `klient-${n}`,
        role: Roles.customer,
        email: `${n}@example.pl`,
        name: n,
      } as never),
      'POST',
      `${base}/join`,
      { programId: program, marketingConsent: false },
    );
  const listed = async () =>
    ((await t.call(owner.token, 'GET', `${base}/get-clients?pageSize=100`)).json() as { totalCount: number })
      .totalCount;
  return { ...owner, programId, base, create, join, listed };
}

const STAFF_MESSAGE =
  'Plan firmy pozwala na 100 aktywnych klientów i wszystkie miejsca są zajęte, więc tego klienta nie można dodać. Zmień plan w „Subskrypcja” albo usuń klientów, którzy już nie przychodzą.';

describe('the plan’s seats', () => {
  it('120 clients added at once on the 100 plan: exactly 100 enrolled, 20 refused with the staff’s message', async () => {
    const c = await company(100);
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => c.create(`rownolegle-${i}-${c.tenantId.slice(0, 6)}@example.pl`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({
        code: 'CLIENT.CUSTOMER_LIMIT_REACHED',
        localizedMessage: STAFF_MESSAGE,
      });
    expect(await c.listed()).toBe(100);
  }, 60_000);

  it('one person in two programmes holds one seat; a new person joining is told to ask the staff', async () => {
    const c = await company(1);
    const stamps = await t.program(c.tenantId, c.token, { name: 'Pieczątki' });
    expect((await c.join('anna')).statusCode).toBe(201);
    expect((await c.join('anna', stamps)).statusCode).toBe(201);
    const jan = await c.join('jan');
    expect(jan.statusCode).toBe(409);
    expect(jan.json()).toMatchObject({
      code: 'CLIENT.CUSTOMER_LIMIT_REACHED',
      localizedMessage: expect.stringContaining('Daj znać obsłudze'),
    });
    expect(await c.listed()).toBe(1); // the list counts people too (ADR 0054)
  });

  it('a removed client gives the seat back; a refused enrolment leaves nothing behind', async () => {
    const c = await company(1);
    const first = await c.create('pierwsza@example.pl');
    expect(first.statusCode).toBe(201);
    expect((await c.create('druga@example.pl')).statusCode).toBe(409);
    // refused: no reservation left, so the same address can be enrolled once there is room
    const { clientId } = first.json() as { clientId: string };
    expect((await t.call(c.token, 'DELETE', `${c.base}/clients/${clientId}`)).statusCode).toBe(204);
    expect((await c.create('druga@example.pl')).statusCode).toBe(201);
    expect(await c.listed()).toBe(1);
  });

  it('a deleted programme’s clients give their seats back, except those who hold another programme', async () => {
    const c = await company(2);
    const stamps = await t.program(c.tenantId, c.token, { name: 'Pieczątki' });
    expect((await c.join('ola', stamps)).statusCode).toBe(201);
    expect((await c.join('ola')).statusCode).toBe(201); // Ola in both
    expect((await c.join('piotr', stamps)).statusCode).toBe(201);
    expect((await c.join('ewa')).statusCode).toBe(409);
    expect((await t.call(c.token, 'DELETE', `${c.base}/loyalty-programs/${stamps}`)).statusCode).toBe(204);
    // Piotr's seat is free; Ola keeps hers with the points card
    expect((await c.join('ewa')).statusCode).toBe(201);
    expect((await c.join('jan')).statusCode).toBe(409);
  });

  it('a company from before counts the clients it has (the seats are seeded from its list)', async () => {
    const c = await company(5);
    for (const n of [1, 2]) expect((await c.create(`dawny-${n}@example.pl`)).statusCode).toBe(201);
    await t.infra.documents.collection('tenant_customer_seats').delete(c.tenantId); // as before ADR 0051
    await limitOf(c.tenantId, 2);
    expect((await c.create('nowy@example.pl')).statusCode).toBe(409);
  });

  describe('a holding a crash left behind is dropped before anyone is refused', () => {
    const seatsOf = (_tenantId: string) =>
      t.infra.documents.collection<{ _id: string; holders: Record<string, string> }>('tenant_customer_seats');

    it('a reservation older than the grace, with its seat taken, never recorded', async () => {
      const c = await company(2);
      expect((await c.create('pierwszy@example.pl')).statusCode).toBe(201);
      // the crash: the reservation and its seat, 11 minutes ago, and no ClientEnrolled
      const enrolledAt = new Date(Date.now() - 11 * 60_000).toISOString();
      await t.infra.documents.collection<{ _id: string } & Record<string, unknown>>('clients').insert({
        _id: 'crashed-1',
        lastRevision: -1,
        clientId: 'crashed-1',
        tenantId: c.tenantId,
        programId: c.programId,
        programName: 'Kawa za punkty',
        userId: null,
        email: 'rozbity@example.pl',
        emailKey: 'rozbity@example.pl',
        name: 'Rozbity',
        nameKey: 'rozbity',
        phone: null,
        source: 'created',
        status: 'enrolling',
        enrolledAt,
        searchText: 'rozbity',
      });
      const doc = (await seatsOf(c.tenantId).get(c.tenantId))!;
      await seatsOf(c.tenantId).upsert({
        ...doc,
        holders: { ...doc.holders, 'crashed-1': 'rozbity@example.pl' },
      });

      expect((await c.create('drugi@example.pl')).statusCode).toBe(201);
      expect(Object.keys((await seatsOf(c.tenantId).get(c.tenantId))!.holders)).not.toContain('crashed-1');
      expect((await c.create('trzeci@example.pl')).statusCode).toBe(409);
    });

    it('the holdings of a deleted programme’s clients, when the release did not happen', async () => {
      const c = await company(1);
      const stamps = await t.program(c.tenantId, c.token, { name: 'Pieczątki' });
      expect((await c.join('marta', stamps)).statusCode).toBe(201);
      const before = (await seatsOf(c.tenantId).get(c.tenantId))!;
      expect((await t.call(c.token, 'DELETE', `${c.base}/loyalty-programs/${stamps}`)).statusCode).toBe(204);
      await seatsOf(c.tenantId).upsert(before); // as if the process died before the release
      expect((await c.join('tomasz')).statusCode).toBe(201);
    });

    it('a fresh reservation (an enrolment in flight) keeps its seat', async () => {
      const c = await company(1);
      await t.infra.documents.collection<{ _id: string } & Record<string, unknown>>('clients').insert({
        _id: 'in-flight-1',
        lastRevision: -1,
        clientId: 'in-flight-1',
        tenantId: c.tenantId,
        programId: c.programId,
        programName: 'Kawa za punkty',
        userId: null,
        email: 'wtoku@example.pl',
        emailKey: 'wtoku@example.pl',
        name: 'W toku',
        nameKey: 'w toku',
        phone: null,
        source: 'created',
        status: 'enrolling',
        enrolledAt: new Date().toISOString(),
        searchText: 'w toku',
      });
      await seatsOf(c.tenantId).upsert({ _id: c.tenantId, holders: { 'in-flight-1': 'wtoku@example.pl' } });
      expect((await c.create('inny@example.pl')).statusCode).toBe(409);
    });
  });
});
