import { EnrolmentLinkErrors, normaliseShortCode } from '@punkto/contracts/enrolment-links';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { Program } from '@punkto/contracts/programs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, TEST_PUBLIC_URL, type TenantTestApp } from '../testing/tenant-test-app';
import { toProgramStreamId } from './program';
import { PROGRAMS_COLLECTION, type ProgramRecordDoc } from './programs.projection';
import { SHORT_CODES_COLLECTION, shortCodeReservations } from './short-codes';

/** Short enrolment links (ADR 0014): codes given to programs, resolved publicly. */

let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => t?.close());

const programsUrl = (tenantId: string, rest = '') => `/api/v1/tenants/${tenantId}/loyalty-programs${rest}`;
const stamps = { kind: 'stamps', name: 'Co 10. kawa gratis', stampsRequired: 10 };

/** GET /api/v1/enrolment-links/{code} from a client IP (the gateway's X-Forwarded-For; each test its own) */
const resolve = (code: string, ip: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/enrolment-links/${encodeURIComponent(code)}`,
    headers: { 'x-forwarded-for': ip },
  });

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

/** A program as it was before short links: its ProgramDefined and a read-model document without a code. */
async function legacyProgram(tenantId: string): Promise<string> {
  const programId = randomUUID();
  const definedAt = new Date().toISOString();
  const data: ProgramDefinedData = {
    programId,
    tenantId,
    version: 1,
    kind: 'stamps',
    name: 'Stary program',
    description: '',
    active: true,
    pointsPerPln: null,
    stampsRequired: 10,
    levels: null,
    rewards: [],
    definedAt,
  };
  await t.infra.eventStore.appendToStream(toProgramStreamId(programId), [{ type: 'ProgramDefined', data }], {
    expectedRevision: 'no_stream',
  });
  await t.infra.documents
    .collection<ProgramRecordDoc>(PROGRAMS_COLLECTION)
    .insert({ ...data, createdAt: definedAt, updatedAt: definedAt, _id: programId, lastRevision: 0 });
  return programId;
}

const codeEvents = async (programId: string) =>
  (await t.infra.eventStore.readStream(toProgramStreamId(programId))).filter(
    (e) => e.type === 'ProgramShortCodeAssigned',
  );

describe('GET /api/v1/enrolment-links/{code}', () => {
  it('leads a created program’s code to its tenant and program, typed in any case or with a space', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    expect(program.enrolmentUrl).toBe(`${TEST_PUBLIC_URL}/k/${program.shortCode}`);

    const ip = freshIp();
    for (const typed of [
      program.shortCode,
      program.shortCode.toLowerCase(),
      ` ${program.shortCode.slice(0, 3)} ${program.shortCode.slice(3)}`,
    ]) {
      const res = await resolve(typed, ip);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ tenantId, programId: program.id });
    }
  });

  it('an unknown code is 404 ENROLMENT_LINK.NOT_FOUND in Polish; what cannot be a code is 400', async () => {
    const ip = freshIp();
    // a code nobody holds: reserved here for a program that does not exist, so no program can ever draw it
    const reservations = shortCodeReservations(t.infra.documents, () => new Date());
    const unused = await reservations.reserve(randomUUID(), randomUUID());
    const unknown = await resolve(unused, ip);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: EnrolmentLinkErrors.notFound.code,
      localizedMessage: EnrolmentLinkErrors.notFound.message,
      status: 404,
    });

    const malformed = await resolve('AB0D9', ip);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      errors: { 'params.code': [expect.stringMatching(/^Kod programu ma 5 znaków/)] },
    });
  });

  it('a deleted program’s code is 404 and is never given to another program; inactive or deleted company → 404', async () => {
    const ip = freshIp();
    const { tenantId, token } = await t.ownerWithTenant();
    const program = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    const other = (
      await t.call(token, 'POST', programsUrl(tenantId), { ...stamps, name: 'Drugi' })
    ).json() as Program;

    await t.call(token, 'PUT', programsUrl(tenantId, `/${other.id}`), {
      ...stamps,
      name: 'Drugi',
      active: false,
    });
    expect((await resolve(other.shortCode, ip)).statusCode).toBe(404);
    await t.call(token, 'PUT', programsUrl(tenantId, `/${other.id}`), { ...stamps, name: 'Drugi' });
    expect((await resolve(other.shortCode, ip)).statusCode).toBe(200);

    expect((await t.call(token, 'DELETE', programsUrl(tenantId, `/${program.id}`))).statusCode).toBe(204);
    const deleted = await resolve(program.shortCode, ip);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ code: EnrolmentLinkErrors.notFound.code });
    // the reservation stays: an old poster never leads to somebody else's program
    expect(await t.infra.documents.collection(SHORT_CODES_COLLECTION).get(program.shortCode)).toMatchObject({
      programId: program.id,
      tenantId,
    });

    await t.call(token, 'DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'Kawiarnia Pod Lipą',
    });
    expect((await resolve(other.shortCode, ip)).statusCode).toBe(404);
  });
  // the limits on unknown codes (per device, per IP): enrolment-link-limits.int.spec.ts
});

describe('programs created before short links', () => {
  it('get their code the first time they are shown, for good: in the stream, the read model and the link', async () => {
    const { tenantId, token, ownerId } = await t.ownerWithTenant();
    const programId = await legacyProgram(tenantId);
    expect(await codeEvents(programId)).toEqual([]);

    const list = await t.call(token, 'GET', programsUrl(tenantId));
    expect(list.statusCode, list.body).toBe(200);
    const [shown] = (list.json() as { items: Program[] }).items;
    expect(shown).toMatchObject({ id: programId, enrolmentUrl: `${TEST_PUBLIC_URL}/k/${shown!.shortCode}` });
    expect(normaliseShortCode(shown!.shortCode)).toBe(shown!.shortCode);

    const [assigned, ...more] = await codeEvents(programId);
    expect(more).toEqual([]);
    expect(assigned).toMatchObject({
      data: { programId, tenantId, shortCode: shown!.shortCode },
      metadata: { tenantId, actorId: ownerId },
    });
    const again = (await t.call(token, 'GET', programsUrl(tenantId))).json() as { items: Program[] };
    expect(again.items[0]!.shortCode).toBe(shown!.shortCode);
    expect(await codeEvents(programId)).toHaveLength(1);
    expect((await resolve(shown!.shortCode.toLowerCase(), freshIp())).json()).toEqual({
      tenantId,
      programId,
    });
  });

  it('concurrent first views end with one code and one reservation (the loser frees its own)', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const programId = await legacyProgram(tenantId);
    const views = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        i % 2 === 0
          ? t.call(token, 'GET', programsUrl(tenantId))
          : t.call(token, 'GET', programsUrl(tenantId, `/${programId}/poster`)),
      ),
    );
    expect(views.map((v) => v.statusCode)).toEqual([200, 200, 200, 200]);
    const codes = views
      .filter((_, i) => i % 2 === 0)
      .map((v) => (v.json() as { items: Program[] }).items[0]!.shortCode);
    expect(new Set(codes).size).toBe(1);
    expect(await codeEvents(programId)).toHaveLength(1);
    const reservations = await t.infra.documents.collection(SHORT_CODES_COLLECTION).find({ programId });
    expect(reservations.map((r) => r._id)).toEqual([codes[0]]);
  });
});

describe('uniqueness', () => {
  it('a drawn code another program holds is drawn again: two programs never share a code', async () => {
    const drawn = ['AB3D9', 'AB3D9', 'AB3D9', 'XY7K2'];
    const reservations = shortCodeReservations(t.infra.documents, () => new Date(), {
      draw: () => drawn.shift()!,
    });
    const first = await reservations.reserve('p-first', 't1');
    const second = await reservations.reserve('p-second', 't1');
    expect([first, second]).toEqual(['AB3D9', 'XY7K2']);

    // freeing is only for the program that reserved it
    await reservations.release('AB3D9', 'p-second');
    expect(await t.infra.documents.collection(SHORT_CODES_COLLECTION).get('AB3D9')).toMatchObject({
      programId: 'p-first',
    });
  });

  it('a code a program holds is drawn again even when its reservation is gone (a restored document store)', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const held = (await t.call(token, 'POST', programsUrl(tenantId), stamps)).json() as Program;
    await t.infra.documents.collection(SHORT_CODES_COLLECTION).delete(held.shortCode);
    const drawn = [held.shortCode, 'QW8RT'];
    const afterRestore = shortCodeReservations(t.infra.documents, () => new Date(), {
      draw: () => drawn.shift()!,
      heldByProgram: async (code) =>
        (await t.infra.documents.collection(PROGRAMS_COLLECTION).count({ shortCode: code })) > 0,
    });
    expect(await afterRestore.reserve(randomUUID(), tenantId)).toBe('QW8RT');
  });

  it('programs created through the API all get different codes', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const programs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call(token, 'POST', programsUrl(tenantId), { ...stamps, name: `Program ${i + 1}` }),
      ),
    );
    const codes = programs.map((res) => (res.json() as Program).shortCode);
    expect(new Set(codes).size).toBe(8);
  });
});
