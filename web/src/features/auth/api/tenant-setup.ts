import { TenantConfiguredResponse } from '@punkto/contracts/tenant-configured';
import { api } from '../../../lib/api/api-client';

type Client = Pick<typeof api, 'get' | 'post'>;

/**
 * SPEC §4 tenant setup: GET /tenants/{id}/tenant-configured; when not configured, POST validate-tenant
 * and take its answer. (Used by the business guard; the tenant service owns both calls.) The contract's
 * field is `configured` (TenantConfiguredResponse; SPEC §3 calls it isConfigured).
 */
export async function checkTenantConfigured(tenantId: string, client: Client = api): Promise<boolean> {
  const id = encodeURIComponent(tenantId);
  const { configured } = await client.get(`/tenants/${id}/tenant-configured`, {
    schema: TenantConfiguredResponse,
  });
  if (configured) return true;
  const validated = await client.post(`/tenants/${id}/validate-tenant`, undefined, {
    schema: TenantConfiguredResponse,
  });
  return validated.configured;
}
