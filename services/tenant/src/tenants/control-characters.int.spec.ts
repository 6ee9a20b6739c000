import { Roles } from '@punkto/contracts/permissions';
import { randomNip } from '@punkto/contracts/tenant';
import { CONTROL_CHARACTERS_MESSAGE, INVISIBLE_CHARACTERS_MESSAGE } from '@punkto/contracts/text';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';
import { toTenantStreamId } from './tenant';

// Issue 15 finding 10: CR/LF and other control characters were accepted and stored in company and client names.
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('names with control characters, through the real routes', () => {
  it('a company name with CR/LF: 400 on the field, no tenant created', async () => {
    const owner = { id: randomUUID(), role: Roles.owner };
    const res = await t.call(await t.tokenFor(owner), 'POST', '/api/v1/tenants/create', {
      companyName: 'Kawiarnia\r\nBcc: ofiara@example.com',
      nip: '123-456-32-18',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { companyName: [CONTROL_CHARACTERS_MESSAGE] },
    });
    // the owner still has no tenant: a clean name creates one now
    const clean = await t.call(await t.tokenFor(owner), 'POST', '/api/v1/tenants/create', {
      companyName: 'Kawiarnia',
      nip: '123-456-32-18',
    });
    expect(clean.statusCode, clean.body).toBe(201);
  });

  it('a client name with a right-to-left override or a NUL: 400 on the field, the client list unchanged', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const programId = await t.program(tenantId, token);
    const before = (
      await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/get-clients?pageNumber=1`)
    ).json();
    const cases = [
      ['Jan \u202EiksworoK', INVISIBLE_CHARACTERS_MESSAGE],
      ['Jan\u0000Kowalski', CONTROL_CHARACTERS_MESSAGE],
      ['Jan\nKowalski', CONTROL_CHARACTERS_MESSAGE],
    ] as const;
    for (const [name, message] of cases) {
      const res = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/create-client`, {
        email: `klient.${randomUUID()}@example.pl`,
        name,
        programId,
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors).toEqual({ name: [message] });
    }
    const after = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/get-clients?pageNumber=1`)).json();
    expect(after).toEqual(before);
    expect(
      (await t.infra.eventStore.readStream(toTenantStreamId(tenantId))).map((e) => e.type),
    ).not.toContain('ClientCreated');
  });
});

// Issue 32: U+FEFF and broken Unicode in a company name reached the KSeF invoice XML as „�”.
describe('invisible characters and NFC in company names, through the real routes', () => {
  it('a company name with U+FEFF: 400 on the field with the Polish message, no tenant created', async () => {
    const owner = { id: randomUUID(), role: Roles.owner };
    for (const companyName of ['\uFEFFKawiarnia Pod Lipą', 'Kawiarnia Pod Lip\uD800']) {
      const res = await t.call(await t.tokenFor(owner), 'POST', '/api/v1/tenants/create', {
        companyName,
        nip: randomNip(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { companyName: [INVISIBLE_CHARACTERS_MESSAGE] },
      });
    }
    const created = await t.call(await t.tokenFor(owner), 'POST', '/api/v1/tenants/create', {
      companyName: 'Kawiarnia Pod Lipą',
      nip: randomNip(),
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('a company name typed in NFD is stored NFC, at creation and on rename; a renamed U+FEFF is refused', async () => {
    const nfd = 'Kawiarnia Pod Lipą — Łódź'.normalize('NFD');
    const { tenantId, token } = await t.ownerWithTenant({ companyName: nfd });
    const read = async () => (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}`)).json().companyName;
    expect(await read()).toBe('Kawiarnia Pod Lipą — Łódź');

    const renamed = await t.call(token, 'PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
      companyName: 'Piekarnia Żółć'.normalize('NFD'),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await read()).toBe('Piekarnia Żółć');

    const refused = await t.call(token, 'PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, {
      companyName: 'Piekarnia\u200BŻółć',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ companyName: [INVISIBLE_CHARACTERS_MESSAGE] });
    expect(await read()).toBe('Piekarnia Żółć');
  });

  it('a program or reward name with U+FEFF: 400 on the field; an NFD program name is stored NFC', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const url = `/api/v1/tenants/${tenantId}/loyalty-programs`;
    const program = { kind: 'points', pointsPerPln: 1, active: true };
    const refused = await t.call(token, 'POST', url, { ...program, name: 'Kawa\uFEFF za punkty' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ name: [INVISIBLE_CHARACTERS_MESSAGE] });
    const reward = await t.call(token, 'POST', url, {
      ...program,
      name: 'Kawa za punkty',
      rewards: [{ name: 'Ciastko\u200B gratis', cost: 10 }],
    });
    expect(reward.statusCode).toBe(400);
    expect(reward.json().errors).toEqual({ 'rewards.0.name': [INVISIBLE_CHARACTERS_MESSAGE] });

    const created = await t.call(token, 'POST', url, { ...program, name: 'Żółta kawa'.normalize('NFD') });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('Żółta kawa');
  });

  it('client and employee names typed in NFD are stored NFC', async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const programId = await t.program(tenantId, token);
    const client = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/create-client`, {
      email: `klient.${randomUUID()}@example.pl`,
      name: 'Zofia Wąż'.normalize('NFD'),
      programId,
    });
    expect(client.statusCode, client.body).toBe(201);
    const clients = (
      await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/get-clients?pageNumber=1`)
    ).json();
    expect(clients.items.map((c: { name: string }) => c.name)).toEqual(['Zofia Wąż']);

    const employee = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/employees`, {
      email: `pracownik.${randomUUID()}@example.pl`,
      name: 'Jędrzej Ćwik'.normalize('NFD'),
      permissions: [],
    });
    expect(employee.statusCode, employee.body).toBe(201);
    expect(employee.json().name).toBe('Jędrzej Ćwik');
  });
});
