import { Roles } from '@punkto/contracts/permissions';
import { CONTROL_CHARACTERS_MESSAGE } from '@punkto/contracts/text';
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
    for (const name of ['Jan \u202EiksworoK', 'Jan\u0000Kowalski', 'Jan\nKowalski']) {
      const res = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/create-client`, {
        email: `klient.${randomUUID()}@example.pl`,
        name,
        programId,
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors).toEqual({ name: [CONTROL_CHARACTERS_MESSAGE] });
    }
    const after = (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/get-clients?pageNumber=1`)).json();
    expect(after).toEqual(before);
    expect(
      (await t.infra.eventStore.readStream(toTenantStreamId(tenantId))).map((e) => e.type),
    ).not.toContain('ClientCreated');
  });
});
