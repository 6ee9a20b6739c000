import * as endpoints from '@punkto/contracts/endpoints/tenant-setup';
import type { TenantConfiguredResponse } from '@punkto/contracts/tenant-configured';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/**
 * The tenant guard (features/auth/utils/tenant-guard.ts) caches its yes/no under ['tenants', id, 'configured'];
 * the checklist with `missing` lives one level below, so invalidating the guard's key refreshes both.
 */
export const tenantConfiguredKey = (tenantId: string) => ['tenants', tenantId, 'configured'] as const;
const detailsKey = (tenantId: string) => [...tenantConfiguredKey(tenantId), 'details'] as const;

/** GET /tenants/{id}/tenant-configured: configured + what is still missing (Polish messages). */
export function tenantConfiguredDetailsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: detailsKey(tenantId),
    queryFn: ({ signal }) => api.call(endpoints.tenantConfigured, { params: { id: tenantId }, signal }),
  });
}

/** POST /tenants/{id}/validate-tenant: checks again and answers like tenant-configured. */
export function validateTenant(tenantId: string): Promise<TenantConfiguredResponse> {
  return api.call(endpoints.validateTenant, { params: { id: tenantId } });
}

/**
 * After a setup step (company data, address, a program): the guard and the checklist ask again. A known answer
 * (e.g. from validate-tenant) is stored right away so the guard lets the person into the panel without a
 * round trip.
 */
export async function tenantSetupChanged(
  queryClient: QueryClient,
  tenantId: string,
  known?: TenantConfiguredResponse,
): Promise<void> {
  if (known) {
    queryClient.setQueryData(tenantConfiguredKey(tenantId), known.configured);
    queryClient.setQueryData(detailsKey(tenantId), known);
    return;
  }
  await queryClient.invalidateQueries({ queryKey: tenantConfiguredKey(tenantId) });
}
