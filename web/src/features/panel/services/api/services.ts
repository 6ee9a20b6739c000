import { CatalogueService, ServiceList, type ServiceInput } from '@punkto/contracts/catalogue';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

export const servicesQueryKey = (tenantId: string) => ['tenants', tenantId, 'services'] as const;

const base = (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}/services`;

const byName = (list: { items: CatalogueService[] }) =>
  [...list.items].sort((a, b) => a.name.localeCompare(b.name, 'pl'));

/** GET /tenants/{id}/services: the catalogue, sorted by name for the table. */
export function servicesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: servicesQueryKey(tenantId),
    queryFn: ({ signal }) => api.get(base(tenantId), { schema: ServiceList, signal }),
    select: byName,
  });
}

/** The active services only, for "award by service" at the scanner (the same cached catalogue). */
export function activeServicesQueryOptions(tenantId: string) {
  return queryOptions({
    ...servicesQueryOptions(tenantId),
    select: (list: { items: CatalogueService[] }) => byName(list).filter((service) => service.active),
    staleTime: 60_000,
  });
}

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
