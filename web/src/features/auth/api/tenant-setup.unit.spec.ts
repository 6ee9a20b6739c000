import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api/create-api-client';
import { checkTenantConfigured } from './tenant-setup';

const missingAddress = { key: 'address', message: 'Uzupełnij adres firmy.' };

/** A tenant service answering tenant-configured and validate-tenant; records the calls. */
function tenantService(answers: { configured: unknown; validated?: unknown }) {
  const calls: string[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const client = createApiClient({
    baseUrl: '/api/v1',
    navigation: { pathname: () => '/panel', redirect: () => undefined },
    fetch: async (input, init) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(call);
      if (call === 'GET /api/v1/tenants/t%201/tenant-configured') return json(answers.configured);
      if (call === 'POST /api/v1/tenants/t%201/validate-tenant') return json(answers.validated);
      return new Response('not found', { status: 404 });
    },
  });
  return { client, calls };
}

describe('checkTenantConfigured (SPEC §4 tenant setup, contract field `configured`)', () => {
  it('a configured tenant: one call, yes', async () => {
    const { client, calls } = tenantService({ configured: { configured: true, missing: [] } });
    await expect(checkTenantConfigured('t 1', client)).resolves.toEqual({ configured: true, missing: [] });
    expect(calls).toEqual(['GET /api/v1/tenants/t%201/tenant-configured']);
  });

  it('not configured: asks validate-tenant and takes its answer', async () => {
    const { client, calls } = tenantService({
      configured: { configured: false, missing: [missingAddress] },
      validated: { configured: true, missing: [] },
    });
    await expect(checkTenantConfigured('t 1', client)).resolves.toEqual({ configured: true, missing: [] });
    expect(calls).toEqual([
      'GET /api/v1/tenants/t%201/tenant-configured',
      'POST /api/v1/tenants/t%201/validate-tenant',
    ]);
  });

  it('still not configured after validation: no, with what is missing', async () => {
    const { client } = tenantService({
      configured: { configured: false, missing: [missingAddress] },
      validated: { configured: false, missing: [missingAddress] },
    });
    await expect(checkTenantConfigured('t 1', client)).resolves.toEqual({
      configured: false,
      missing: [missingAddress],
    });
  });

  it('an answer in the old shape ({isConfigured}) is rejected rather than read as "not configured"', async () => {
    const { client } = tenantService({ configured: { isConfigured: true } });
    await expect(checkTenantConfigured('t 1', client)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
