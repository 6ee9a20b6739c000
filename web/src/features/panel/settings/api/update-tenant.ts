import * as endpoints from '@punkto/contracts/endpoints/tenant';
import type { TenantResponse, UpdateTenantRequest } from '@punkto/contracts/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { tenantQueryKey } from '../../../../lib/queries/tenant';
import { tenantSetupChanged } from '../../shell/api/tenant-configured';

/** PATCH /tenants/{id}/update-tenant (tenant.settings): only the given parts change; answers the company. */
export function updateTenant(tenantId: string, body: UpdateTenantRequest): Promise<TenantResponse> {
  return api.call(endpoints.updateTenant, { params: { id: tenantId }, body });
}

export function useUpdateTenant(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTenantRequest) => updateTenant(tenantId, body),
    onSuccess: async (tenant) => {
      queryClient.setQueryData(tenantQueryKey(tenantId), tenant);
      // the address is part of "configured": the guard and the checklist ask again
      await tenantSetupChanged(queryClient, tenantId);
    },
  });
}
