import type { ServiceInput } from '@punkto/contracts/catalogue';
import * as endpoints from '@punkto/contracts/endpoints/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { servicesQueryKey } from '../../../../lib/queries/catalogue';

/** POST (new) or PUT (existing) a service; refreshes the list either way. */
export function useSaveService(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, input }: { serviceId?: string | undefined; input: ServiceInput }) =>
      serviceId
        ? api.call(endpoints.updateService, { params: { id: tenantId, serviceId }, body: input })
        : api.call(endpoints.createService, { params: { id: tenantId }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey(tenantId) }),
  });
}

/** DELETE /tenants/{id}/services/{serviceId}. */
export function useDeleteService(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) =>
      api.call(endpoints.deleteService, { params: { id: tenantId, serviceId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey(tenantId) }),
  });
}
