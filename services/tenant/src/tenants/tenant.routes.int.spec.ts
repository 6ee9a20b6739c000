import { Roles } from '@punkto/contracts/permissions';
import {
  defaultBranding,
  DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE,
  NipMessages,
  randomNip,
} from '@punkto/contracts/tenant';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';
import { toTenantStreamId } from './tenant';

// the tenant service's real app on the real embedded adapters, with tokens signed by a local test key
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => {
  await t?.close();
});

const create = async (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/tenants/create',
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...SAME_ORIGIN, ...headers },
    cookies: { [ACCESS_COOKIE]: token },
  });
const company = { companyName: 'Kawiarnia Pod Lipą', nip: '123-456-32-18' };
/** a company of its own: a NIP belongs to one active company (ADR 0035) */
const anotherCompany = () => ({ companyName: 'Kawiarnia Pod Lipą', nip: randomNip() });

describe('POST /api/v1/tenants/create', () => {
  it('creates the tenant of an owner without one: 201, the event in tenant-<id>, the read model', async () => {
    const ownerId = randomUUID();
    const res = await create(await t.tokenFor({ id: ownerId, role: Roles.owner }), company);
    expect(res.statusCode, res.body).toBe(201);
    const { tenantId } = res.json() as { tenantId: string };

    const [event, ...more] = await t.infra.eventStore.readStream(toTenantStreamId(tenantId));
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'TenantCreated',
      data: { tenantId, ownerId, companyName: 'Kawiarnia Pod Lipą', nip: '1234563218' },
      metadata: { tenantId, actorId: ownerId },
    });

    // the owner's next token carries `tid` (identity's job); with it the tenant is readable
    const read = await t.app.inject({
      url: `/api/v1/tenants/${tenantId}`,
      cookies: { [ACCESS_COOKIE]: await t.tokenFor({ id: ownerId, role: Roles.owner, tid: tenantId }) },
    });
    expect(read.statusCode, read.body).toBe(200);
    const createdAt = (event!.data as { createdAt: string }).createdAt;
    expect(read.json()).toEqual({
      id: tenantId,
      ownerId,
      companyName: 'Kawiarnia Pod Lipą',
      nip: '1234563218',
      description: null,
      address: null,
      contact: null,
      branding: defaultBranding,
      awardConfirmAboveGrosze: DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE,
      logo: null,
      heroImage: null,
      createdAt,
      updatedAt: createdAt,
    });
  });

  it('publishes TenantCreated on tenant.tenants.v1 with the tenant id in the envelope', async () => {
    const ownerId = randomUUID();
    const res = await create(await t.tokenFor({ id: ownerId, role: Roles.owner }), {
      companyName: 'Barber Wąsik',
      nip: '526 000 12 46',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { tenantId } = res.json() as { tenantId: string };

    const received = await t.collect(Topics.tenantTenants);
    t.startRelay();
    await expect
      .poll(() => received.find((e) => e.aggregateId === tenantId), { timeout: 10_000 })
      .toMatchObject({
        type: 'TenantCreated',
        tenantId,
        aggregateId: tenantId,
        data: { tenantId, ownerId, companyName: 'Barber Wąsik', nip: '5260001246' },
      });
  });

  it('refuses a wrong NIP with Polish messages in the 400 errors map', async () => {
    const token = await t.tokenFor({ id: randomUUID(), role: Roles.owner });
    const checksum = await create(token, { ...company, nip: '123-456-32-19' });
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { nip: [NipMessages.checksum] },
    });
    expect(NipMessages.checksum).toBe('Nieprawidłowy NIP: cyfra kontrolna się nie zgadza.');

    const short = await create(token, { companyName: 'A', nip: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({
      nip: [NipMessages.format],
      companyName: ['Nazwa firmy musi mieć co najmniej 2 znaki.'],
    });

    // a weighted sum with remainder 10 is never a valid NIP (6 + 1·6 + 6·7 = 54, 54 mod 11 = 10)
    const remainderTen = await create(token, { ...company, nip: '1000000160' });
    expect(remainderTen.json().errors).toEqual({ nip: [NipMessages.checksum] });
  });

  it('is for business owners only: a customer gets 403, nobody gets 401', async () => {
    const customer = await create(
      await t.tokenFor({ id: randomUUID(), role: Roles.customer }),
      anotherCompany(),
    );
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/tenants/create', payload: company });
    expect(anonymous.statusCode).toBe(401);
  });

  it('allows one tenant per owner: a second one is a 409 with a Polish message', async () => {
    const ownerId = randomUUID();
    const token = await t.tokenFor({ id: ownerId, role: Roles.owner });
    expect((await create(token, anotherCompany())).statusCode).toBe(201);
    const again = await create(token, { companyName: 'Druga firma', nip: randomNip() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TENANT.OWNER_ALREADY_HAS_TENANT',
      localizedMessage: expect.stringContaining('Masz już zarejestrowaną firmę'),
    });
    // a token that already names a tenant is refused before any work
    const withTid = await create(
      await t.tokenFor({ id: ownerId, role: Roles.owner, tid: randomUUID() }),
      company,
    );
    expect(withTid.statusCode).toBe(409);
  });

  it('lets concurrent requests of one owner create exactly one tenant', async () => {
    const ownerId = randomUUID();
    const token = await t.tokenFor({ id: ownerId, role: Roles.owner });
    const mine = anotherCompany();
    const results = await Promise.all(Array.from({ length: 5 }, () => create(token, mine)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('rejects a cross-site request (CSRF plugin)', async () => {
    const res = await create(await t.tokenFor({ id: randomUUID(), role: Roles.owner }), company, {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});

describe('GET /api/v1/tenants/{id}', () => {
  it("is refused (403) to another tenant's users and to customers, never data", async () => {
    const ownerId = randomUUID();
    const res = await create(await t.tokenFor({ id: ownerId, role: Roles.owner }), anotherCompany());
    const { tenantId } = res.json() as { tenantId: string };
    const get = async (token: string) =>
      t.app.inject({ url: `/api/v1/tenants/${tenantId}`, cookies: { [ACCESS_COOKIE]: token } });

    const otherOwner = await get(
      await t.tokenFor({ id: randomUUID(), role: Roles.owner, tid: randomUUID() }),
    );
    expect(otherOwner.statusCode).toBe(403);
    expect(otherOwner.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(otherOwner.body).not.toContain('Kawiarnia');
    expect(
      (await get(await t.tokenFor({ id: randomUUID(), role: Roles.employee, tid: randomUUID() }))).statusCode,
    ).toBe(403);
    expect((await get(await t.tokenFor({ id: randomUUID(), role: Roles.customer }))).statusCode).toBe(403);
    expect(
      (await get(await t.tokenFor({ id: randomUUID(), role: Roles.employee, tid: tenantId }))).statusCode,
    ).toBe(200);
  });
});
