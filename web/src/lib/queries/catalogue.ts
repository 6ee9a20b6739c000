import type { CatalogueService } from '@punkto/contracts/catalogue';
import { listServices } from '@punkto/contracts/endpoints/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api-client';

// The tenant's catalogue of services, read by the panel (to manage it) and the scanner (to award by service).
// Query options two features share live here: a feature never imports another feature.

export const servicesQueryKey = (tenantId: string) => ['tenants', tenantId, 'services'] as const;

const byName = (list: { items: CatalogueService[] }) =>
  [...list.items].sort((a, b) => a.name.localeCompare(b.name, 'pl'));

/** GET /tenants/{id}/services: the catalogue, sorted by name for the table. */
export function servicesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: servicesQueryKey(tenantId),
    queryFn: ({ signal }) => api.call(listServices, { params: { id: tenantId }, signal }),
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
