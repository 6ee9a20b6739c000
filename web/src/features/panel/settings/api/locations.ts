import * as endpoints from '@punkto/contracts/endpoints/tenant';
import type { LocationsResponse, ReplaceLocationsRequest } from '@punkto/contracts/locations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

// The company's locations (ADR 0057): where its wallet passes come up on the lock screen.

export const locationsQueryKey = (tenantId: string) => ['tenants', tenantId, 'locations'] as const;

/** GET /tenants/{id}/locations (tenant.settings) */
export function getLocations(tenantId: string, signal?: AbortSignal): Promise<LocationsResponse> {
  return api.call(endpoints.getLocations, { params: { id: tenantId }, signal });
}

export function locationsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: locationsQueryKey(tenantId),
    queryFn: ({ signal }) => getLocations(tenantId, signal),
  });
}

/** PUT /tenants/{id}/locations (tenant.settings): the whole list replaces the stored one */
export function useReplaceLocations(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplaceLocationsRequest) =>
      api.call(endpoints.replaceLocations, { params: { id: tenantId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(locationsQueryKey(tenantId), saved),
  });
}
