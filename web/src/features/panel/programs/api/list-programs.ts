import * as endpoints from '@punkto/contracts/endpoints/tenant';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

export const programsQueryKey = (tenantId: string) => ['tenants', tenantId, 'loyalty-programs'] as const;

/** GET /tenants/{id}/loyalty-programs: the company's programs with their rewards (any staff member). */
export function programsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: programsQueryKey(tenantId),
    queryFn: ({ signal }) => api.call(endpoints.listPrograms, { params: { id: tenantId }, signal }),
    select: (list) => list.items,
  });
}
