import { Roles } from '@punkto/contracts/permissions';
import { randomNip, TenantErrors } from '@punkto/contracts/tenant';
import { ErrorCodes } from '@punkto/contracts/errors';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVatRegistry, type FakeVatRegistry } from '../testing/fake-vat-registry';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

/**
 * Issue 36: the NIP was not verified against anything. With VAT_REGISTRY=mf the service asks the Ministry of
 * Finance's VAT-payer list (here: a local server speaking its protocol) about every new or changed NIP (ADR 0035).
 */
const listed = [randomNip(), randomNip(), randomNip()];
let registry: FakeVatRegistry;
let t: TenantTestApp;
beforeAll(async () => {
  registry = await startFakeVatRegistry(
    listed.map((nip) => ({ nip, name: `FIRMA ${nip}`, statusVat: 'Czynny' })),
  );
  t = await startTenantTestApp({ env: { VAT_REGISTRY: 'mf', VAT_REGISTRY_URL: registry.baseUrl } });
});
afterAll(async () => {
  await t?.close();
  await registry?.close();
});

const notListed = {
  code: ErrorCodes.validation,
  status: 400,
  localizedMessage: expect.any(String),
  errors: { nip: [TenantErrors.nipNotInVatRegistry.message] },
};
const create = async (nip: string) =>
  t.call(
    await t.tokenFor({ id: randomUUID(), role: Roles.owner, email: 'w@example.pl' }),
    'POST',
    '/api/v1/tenants/create',
    {
      companyName: 'Kawiarnia Pod Lipą',
      nip,
    },
  );

describe('VAT_REGISTRY=mf', () => {
  it('refuses to register a company whose NIP the registry does not list, on the NIP field', async () => {
    const res = await create(randomNip());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(notListed);
    expect(registry.requests.at(-1)).toMatch(/^GET \/api\/search\/nip\/\d{10}\?date=\d{4}-\d{2}-\d{2}$/);
  });

  it('registers a company the registry lists', async () => {
    expect((await create(listed[0]!)).statusCode).toBe(201);
  });

  it('accepts the NIP unverified when the registry fails, rather than blocking the sign-up', async () => {
    registry.setMode('fail');
    try {
      expect((await create(randomNip())).statusCode).toBe(201);
    } finally {
      registry.setMode('normal');
    }
  });

  it('checks a changed NIP in the settings too', async () => {
    const { tenantId, token } = await t.ownerWithTenant({ nip: listed[1] });
    const patch = (nip: string) =>
      t.call(token, 'PATCH', `/api/v1/tenants/${tenantId}/update-tenant`, { nip });
    const refused = await patch(randomNip());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(notListed);
    const moved = await patch(listed[2]!);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().nip).toBe(listed[2]);
  });
});
