import { CatalogueService, type ServiceInput } from '@punkto/contracts/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { servicesQueryKey } from '../../../../lib/queries/catalogue';

const base = (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}/services`;

/** POST (new) or PUT (existing) a service; refreshes the list either way. */
export function useSaveService(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, input }: { serviceId?: string | undefined; input: ServiceInput }) =>
      serviceId
        ? api.put(`${base(tenantId)}/${encodeURIComponent(serviceId)}`, input, { schema: CatalogueService })
        : api.post(base(tenantId), input, { schema: CatalogueService }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey(tenantId) }),
  });
}

/** DELETE /tenants/{id}/services/{serviceId}. */
export function useDeleteService(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) => api.delete(`${base(tenantId)}/${encodeURIComponent(serviceId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey(tenantId) }),
  });
}
