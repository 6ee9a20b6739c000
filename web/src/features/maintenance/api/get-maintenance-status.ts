import { getMaintenanceStatus as maintenanceStatus } from '@punkto/contracts/endpoints/platform';
import type { MaintenanceStatusResponse } from '@punkto/contracts/maintenance';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import { MAINTENANCE_POLL_INTERVAL_MS } from './maintenance-status-path';

export const maintenanceStatusQueryKey = ['maintenance', 'status'] as const;

export function getMaintenanceStatus(signal?: AbortSignal): Promise<MaintenanceStatusResponse> {
  return api.call(maintenanceStatus, { signal });
}

export function maintenanceStatusQueryOptions() {
  return queryOptions({
    queryKey: maintenanceStatusQueryKey,
    queryFn: ({ signal }) => getMaintenanceStatus(signal),
    refetchInterval: MAINTENANCE_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: MAINTENANCE_POLL_INTERVAL_MS,
    // A failing status call must not hide the app behind a banner; keep the last known value.
    retry: 1,
  });
}
