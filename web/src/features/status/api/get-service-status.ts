import { queryOptions } from '@tanstack/react-query';
import { getPublicStatus } from '@punkto/contracts/endpoints/platform';
import type { PublicStatusResponse } from '@punkto/contracts/maintenance';
import { api } from '../../../lib/api/api-client';

/** The status page refreshes itself every 30 seconds (as the maintenance status does, SPEC §9). */
export const STATUS_POLL_INTERVAL_MS = 30_000;

export const serviceStatusQueryKey = ['status', 'services'] as const;

/**
 * The services' state (`GET /api/v1/status` of the gateway, contracts `getPublicStatus`). The gateway reports itself with latency 0 (it answered); its latency here is this
 * request's round trip as the visitor's browser measured it.
 */
export async function getServiceStatus(signal?: AbortSignal): Promise<PublicStatusResponse> {
  const started = performance.now();
  const status = await api.call(getPublicStatus, { signal });
  const roundTripMs = Math.round(performance.now() - started);
  return {
    ...status,
    services: status.services.map((service) =>
      service.name === 'gateway' ? { ...service, latencyMs: roundTripMs } : service,
    ),
  };
}

export function serviceStatusQueryOptions() {
  return queryOptions({
    queryKey: serviceStatusQueryKey,
    queryFn: ({ signal }) => getServiceStatus(signal),
    refetchInterval: STATUS_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    // the answer the route's loader prefetched is fresh enough for the page that mounts right after it
    staleTime: 10_000,
    // one quick retry, so a gateway that is down shows as such within seconds
    retry: 1,
    retryDelay: 1_000,
  });
}
