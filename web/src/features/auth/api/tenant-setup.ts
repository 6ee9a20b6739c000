import { tenantConfigured, validateTenant } from '@punkto/contracts/endpoints/tenant';
import { api } from '../../../lib/api/api-client';

type Client = Pick<typeof api, 'call'>;

/**
 * SPEC §4 tenant setup: GET /tenants/{id}/tenant-configured; when not configured, POST validate-tenant
 * and take its answer. (Used by the business guard; the tenant service owns both calls.) The contract's
 * field is `configured` (TenantConfiguredResponse; SPEC §3 calls it isConfigured).
 */
export async function checkTenantConfigured(tenantId: string, client: Client = api): Promise<boolean> {
  const params = { id: tenantId };
  const { configured } = await client.call(tenantConfigured, { params });
  if (configured) return true;
  return (await client.call(validateTenant, { params })).configured;
}
