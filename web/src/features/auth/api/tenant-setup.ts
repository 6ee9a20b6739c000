import { tenantConfigured, validateTenant } from '@punkto/contracts/endpoints/tenant-setup';
import type { TenantConfiguredResponse } from '@punkto/contracts/tenant-configured';
import { api } from '../../../lib/api/api-client';

type Client = Pick<typeof api, 'call'>;

/**
 * SPEC §4 tenant setup: GET /tenants/{id}/tenant-configured; when not configured, POST validate-tenant
 * and take its answer. (Used by the business guard; the tenant service owns both calls.) The contract's
 * field is `configured` (TenantConfiguredResponse; SPEC §3 calls it isConfigured). Resolves with the last answer,
 * whose `missing` is what the panel's checklist shows.
 */
export async function checkTenantConfigured(
  tenantId: string,
  client: Client = api,
): Promise<TenantConfiguredResponse> {
  const params = { id: tenantId };
  const answer = await client.call(tenantConfigured, { params });
  if (answer.configured) return answer;
  return client.call(validateTenant, { params });
}
