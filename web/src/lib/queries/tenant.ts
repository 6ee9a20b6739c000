import * as endpoints from '@punkto/contracts/endpoints/tenant-setup';
import type { TenantResponse } from '@punkto/contracts/tenant-view';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api-client';

// The company, read by the panel (shell, settings) and the scanner (its award confirmation threshold).

export const tenantQueryKey = (tenantId: string) => ['tenants', tenantId] as const;

/** GET /tenants/{id}: the company (any member of its staff). */
export function getTenant(tenantId: string, signal?: AbortSignal): Promise<TenantResponse> {
  return api.call(endpoints.getTenant, { params: { id: tenantId }, signal });
}

export function tenantQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantQueryKey(tenantId),
    queryFn: ({ signal }) => getTenant(tenantId, signal),
  });
}
