import { normaliseShortCode } from '@punkto/contracts/enrolment-links';
import {
  ProgramDefinedData,
  ProgramDeletedData,
  ProgramShortCodeAssignedData,
} from '@punkto/contracts/integration-events';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { ProgramErrors, type Program } from '@punkto/contracts/programs';
import { defaultBranding } from '@punkto/contracts/tenant';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, TEST_PUBLIC_URL, type TenantTestApp } from '../testing/tenant-test-app';
import { toProgramStreamId } from './program';

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const programsUrl = (tenantId: string, rest = '') => `/api/v1/tenants/${tenantId}/loyalty-programs${rest}`;
const stamps = {
  kind: 'stamps',
  name: 'Co 10. kawa gratis',
  description: 'Pieczątka za każdą kawę.',
  stampsRequired: 10,
  rewards: [
    {
      name: 'Kawa gratis',
      cost: 10,
      schedule: { weekdays: [1, 2, 3, 4, 5], hours: { from: '08:00', to: '12:00' } },
      limits: { perCard: { day: 1 }, stock: { quantity: 50, period: 'week' } },
    },
  ],
};

describe('loyalty programs', () => {
  it('creates a program: 201 with reward ids, its short code and link; ProgramDefined v1 in program-<id>', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant();
    const res = await t.call(token, 'POST', programsUrl(tenantId), stamps);
    expect(res.statusCode, res.body).toBe(201);
    const program = res.json() as Program;
    expect(program).toMatchObject({
      tenantId,
      kind: 'stamps',
      name: 'Co 10. kawa gratis',
      active: true,
      stampsRequired: 10,
      pointsPerPln: null,
      levels: null,
      enrolmentUrl: `${TEST_PUBLIC_URL}/k/${program.shortCode}`,
    });
    expect(normaliseShortCode(program.shortCode)).toBe(program.shortCode);
    expect(program.rewards).toEqual([
      {
        id: expect.any(String),
        name: 'Kawa gratis',
        description: '',
        cost: 10,
        active: true,
        schedule: { weekdays: [1, 2, 3, 4, 5], hours: { from: '08:00', to: '12:00' }, dateRange: null },
        limits: { perCard: { day: 1 }, stock: { quantity: 50, period: 'week' } },
      },
    ]);

    const [event, codeEvent, ...more] = await t.infra.eventStore.readStream(toProgramStreamId(program.id));
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'ProgramDefined', metadata: { tenantId, actorId: ownerId } });
    expect(codeEvent).toMatchObject({
      type: 'ProgramShortCodeAssigned',
      data: { programId: program.id, tenantId, shortCode: program.shortCode },
      metadata: { tenantId, actorId: ownerId },
    });
    const data = ProgramDefinedData.strict().parse(event!.data);
    expect(data).toMatchObject({ programId: program.id, tenantId, version: 1, rewards: program.rewards });

    const list = await t.call(token, 'GET', programsUrl(tenantId));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [program] });
  });

  it('updates a program: reward ids stay, new rewards get ids, the version grows', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const created = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    const rewardId = created.rewards[0]!.id;
    const res = await t.call(token, 'PUT', programsUrl(tenantId, `/${created.id}`), {
      ...stamps,
      stampsRequired: 8,
      rewards: [
        { id: rewardId, name: 'Duża kawa gratis', cost: 8 },
        { name: 'Ciastko', cost: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Program;
    expect(updated.rewards.map((r) => [r.id === rewardId, r.name])).toEqual([
      [true, 'Duża kawa gratis'],
      [false, 'Ciastko'],
    ]);
    expect(updated.createdAt).toBe(created.createdAt);
    const events = await t.infra.eventStore.readStream(toProgramStreamId(created.id));
    expect(events.map((e) => [e.type, (e.data as { version?: number }).version])).toEqual([
      ['ProgramDefined', 1],
      ['ProgramShortCodeAssigned', undefined],
      ['ProgramDefined', 2],
    ]);
    expect(updated.shortCode).toBe(created.shortCode);

    const unknown = await t.call(token, 'PUT', programsUrl(tenantId, `/${created.id}`), {
      ...stamps,
      rewards: [{ id: 'nie-ma-takiej', name: 'Kawa', cost: 8 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'PROGRAM.UNKNOWN_REWARD',
      localizedMessage: ProgramErrors.unknownReward.message,
    });

    const kind = await t.call(token, 'PUT', programsUrl(tenantId, `/${created.id}`), {
      kind: 'points',
      name: 'Punkty',
      pointsPerPln: 1,
    });
    expect(kind.statusCode).toBe(409);
    expect(kind.json()).toMatchObject({ code: 'PROGRAM.KIND_CHANGE' });
  });

  it('validates the input with Polish messages', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const res = await t.call(token, 'POST', programsUrl(tenantId), {
      kind: 'tiers',
      name: 'K',
      pointsPerPln: 0,
      levels: [{ name: 'Brąz', minLifetimePoints: 10, multiplier: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: ['Nazwa programu musi mieć co najmniej 2 znaki.'],
      pointsPerPln: ['Liczba punktów za 1 zł musi być większa od zera.'],
    });
    expect(res.json().errors.levels).toEqual(
      expect.arrayContaining(['Program poziomów potrzebuje co najmniej 2 poziomów.']),
    );
  });

  it('refuses a stamp reward dearer than the card (a 12-stamp reward on a 10-stamp card), on create and update', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const dear = {
      ...stamps,
      rewards: [
        { name: 'Kawa gratis', cost: 10 },
        { name: 'Ciasto', cost: 12 },
      ],
    };
    const created = await t.call(token, 'POST', programsUrl(tenantId), dear);
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().errors).toEqual({
      'rewards.1.cost': ['Nagroda może kosztować najwyżej 10 pieczątek — tyle ma karta.'],
    });
    const ok = await t.call(token, 'POST', programsUrl(tenantId), stamps);
    expect(ok.statusCode, ok.body).toBe(201);
    // a smaller card under an existing reward is the same mistake
    const shrunk = await t.call(token, 'PUT', programsUrl(tenantId, `/${ok.json().id}`), {
      ...stamps,
      stampsRequired: 8,
    });
    expect(shrunk.statusCode, shrunk.body).toBe(400);
    expect(shrunk.json().errors).toEqual({
      'rewards.0.cost': ['Nagroda może kosztować najwyżej 8 pieczątek — tyle ma karta.'],
    });
  });

  it("keeps a reward's cost to the business (valueGrosze) and refuses bad values with 400 and a Polish message", async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const reward = { name: 'Kawa gratis', cost: 10 };
    const created = await t.call(token, 'POST', programsUrl(tenantId), {
      ...stamps,
      rewards: [
        { ...reward, valueGrosze: 1250 },
        { name: 'Ciastko', cost: 5 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json() as Program;
    expect(program.rewards.map((r) => r.valueGrosze)).toEqual([1250, undefined]);
    const [event] = await t.infra.eventStore.readStream(toProgramStreamId(program.id));
    expect(ProgramDefinedData.parse(event!.data).rewards[0]!.valueGrosze).toBe(1250);

    const bad = await t.call(token, 'PUT', programsUrl(tenantId, `/${program.id}`), {
      ...stamps,
      rewards: [{ ...reward, id: program.rewards[0]!.id, valueGrosze: -100 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { 'rewards.0.valueGrosze': ['Koszt nagrody dla firmy nie może być ujemny.'] },
    });
    const tooMuch = await t.call(token, 'POST', programsUrl(tenantId), {
      ...stamps,
      rewards: [{ ...reward, valueGrosze: 100_000_001 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors['rewards.0.valueGrosze']).toEqual([
      'Koszt nagrody dla firmy może wynosić najwyżej 1 000 000 zł.',
    ]);
  });

  it('deletes a program: 204, ProgramDeleted, gone from the list; a second delete is 204, a change 410', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const created = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    const res = await t.call(token, 'DELETE', programsUrl(tenantId, `/${created.id}`));
    expect(res.statusCode, res.body).toBe(204);
    const last = (await t.infra.eventStore.readStream(toProgramStreamId(created.id))).at(-1)!;
    expect(last.type).toBe('ProgramDeleted');
    expect(ProgramDeletedData.parse(last.data)).toEqual({
      programId: created.id,
      tenantId,
      deletedAt: expect.any(String),
    });
    expect((await t.call(token, 'GET', programsUrl(tenantId))).json()).toEqual({ items: [] });
    expect((await t.call(token, 'DELETE', programsUrl(tenantId, `/${created.id}`))).statusCode).toBe(204);
    const change = await t.call(token, 'PUT', programsUrl(tenantId, `/${created.id}`), stamps);
    expect(change.statusCode).toBe(410);
    expect(change.json()).toMatchObject({ code: 'PROGRAM.DELETED' });
    expect((await t.call(token, 'DELETE', programsUrl(tenantId, `/${randomUUID()}`))).statusCode).toBe(404);
  });

  it('allows at most 10 programs per tenant (deleted ones do not count)', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.call(token, 'POST', programsUrl(tenantId), { ...stamps, name: `Program ${i + 1}` });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const eleventh = await t.call(token, 'POST', programsUrl(tenantId), stamps);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({
      code: 'PROGRAM.TOO_MANY',
      localizedMessage: ProgramErrors.tooMany.message,
    });
    await t.call(token, 'DELETE', programsUrl(tenantId, `/${ids[0]}`));
    expect((await t.call(token, 'POST', programsUrl(tenantId), stamps)).statusCode).toBe(201);
  });

  it('lists for any member; changes need programs.manage', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const created = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    const cashier = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.cardsScan],
    });
    expect((await t.call(cashier, 'GET', programsUrl(tenantId))).json().items).toHaveLength(1);
    for (const [method, url, body] of [
      ['POST', programsUrl(tenantId), stamps],
      ['PUT', programsUrl(tenantId, `/${created.id}`), stamps],
      ['DELETE', programsUrl(tenantId, `/${created.id}`), undefined],
    ] as const) {
      const res = await t.call(cashier, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    const manager = await t.tokenFor({
      id: randomUUID(),
      role: Roles.employee,
      tid: tenantId,
      perms: [Permissions.programsManage],
    });
    expect((await t.call(manager, 'PUT', programsUrl(tenantId, `/${created.id}`), stamps)).statusCode).toBe(
      200,
    );
  });

  it("cannot reach another tenant's program through its own tenant id (404)", async () => {
    const a = await t.ownerWithTenant();
    const b = await t.ownerWithTenant();
    const programA = (await t.call(a.token, 'POST', programsUrl(a.tenantId), stamps)).json() as Program;
    expect(
      (await t.call(b.token, 'PUT', programsUrl(b.tenantId, `/${programA.id}`), stamps)).statusCode,
    ).toBe(404);
    expect((await t.call(b.token, 'DELETE', programsUrl(b.tenantId, `/${programA.id}`))).statusCode).toBe(
      404,
    );
    expect((await t.call(b.token, 'GET', programsUrl(b.tenantId, `/${programA.id}/poster`))).statusCode).toBe(
      404,
    );
    expect((await t.call(null, 'GET', programsUrl(b.tenantId, `/${programA.id}/public`))).statusCode).toBe(
      404,
    );
    expect((await t.infra.eventStore.readStream(toProgramStreamId(programA.id))).length).toBe(2);
  });
});

describe('GET …/loyalty-programs/{programId}/public', () => {
  it('shows an active program of an existing tenant to anybody; inactive, deleted or of a deleted tenant → 404', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    const publicUrl = programsUrl(tenantId, `/${program.id}/public`);
    const res = await t.call(null, 'GET', publicUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      programId: program.id,
      tenantId,
      companyName: 'Kawiarnia Pod Lipą',
      programName: 'Co 10. kawa gratis',
      kind: 'stamps',
      description: 'Pieczątka za każdą kawę.',
      logoUrl: null,
      backgroundColor: defaultBranding.backgroundColor,
      foregroundColor: defaultBranding.foregroundColor,
    });

    await t.call(token, 'PUT', programsUrl(tenantId, `/${program.id}`), { ...stamps, active: false });
    const inactive = await t.call(null, 'GET', publicUrl);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toMatchObject({ code: 'PROGRAM.NOT_FOUND' });

    await t.call(token, 'PUT', programsUrl(tenantId, `/${program.id}`), stamps);
    expect((await t.call(null, 'GET', publicUrl)).statusCode).toBe(200);
    await t.call(token, 'DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'Kawiarnia Pod Lipą',
    });
    expect((await t.call(null, 'GET', publicUrl)).statusCode).toBe(404);

    const other = await t.ownerWithTenant();
    const gone = (await t.call(other.token, 'POST', programsUrl(other.tenantId), stamps)).json() as Program;
    await t.call(other.token, 'DELETE', programsUrl(other.tenantId, `/${gone.id}`));
    expect((await t.call(null, 'GET', programsUrl(other.tenantId, `/${gone.id}/public`))).statusCode).toBe(
      404,
    );
  });
});

describe('tenant.programs.v1', () => {
  it('publishes ProgramDefined (each version) and ProgramDeleted with the tenant id in the envelope', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    await t.call(token, 'PUT', programsUrl(tenantId, `/${program.id}`), { ...stamps, name: 'Nowa nazwa' });
    await t.call(token, 'DELETE', programsUrl(tenantId, `/${program.id}`));

    const received = await t.collect(Topics.tenantPrograms);
    t.startRelay();
    await expect
      .poll(() => received.filter((e) => e.aggregateId === program.id).map((e) => e.type), {
        timeout: 10_000,
      })
      .toEqual(['ProgramDefined', 'ProgramShortCodeAssigned', 'ProgramDefined', 'ProgramDeleted']);
    const mine = received.filter((e) => e.aggregateId === program.id);
    expect(mine.every((e) => e.tenantId === tenantId)).toBe(true);
    expect(ProgramShortCodeAssignedData.strict().parse(mine[1]!.data)).toMatchObject({
      shortCode: program.shortCode,
    });
    expect(ProgramDefinedData.strict().parse(mine[2]!.data)).toMatchObject({
      version: 2,
      name: 'Nowa nazwa',
    });
  });
});
