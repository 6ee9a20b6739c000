import { z } from 'zod';
import { api } from '../../../lib/api/api-client';

const TenantConfigured = z.object({ isConfigured: z.boolean() });

/**
 * SPEC §4 tenant setup: GET /tenants/{id}/tenant-configured; when not configured, POST validate-tenant
 * and take its answer. (Used by the business guard; the tenant service owns both calls.)
 */
export async function checkTenantConfigured(tenantId: string): Promise<boolean> {
  const id = encodeURIComponent(tenantId);
  const { isConfigured } = await api.get(`/tenants/${id}/tenant-configured`, { schema: TenantConfigured });
  if (isConfigured) return true;
  const validated = await api.post(`/tenants/${id}/validate-tenant`, undefined, { schema: TenantConfigured });
  return validated.isConfigured;
}
