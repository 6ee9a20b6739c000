import { QueryCache, QueryClient } from '@tanstack/react-query';
import { maintenanceStatusQueryKey } from '../features/maintenance/api/get-maintenance-status';
import { ApiError, MaintenanceApiError } from '../lib/api/api-errors';

/** Client errors (4xx) will not get better by retrying; network and 5xx get up to 2 retries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof MaintenanceApiError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createAppQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // Any call answered with the maintenance 503 shows the banner at once, without waiting for the poll.
        if (error instanceof MaintenanceApiError) {
          queryClient.setQueryData(maintenanceStatusQueryKey, { maintenanceMode: true });
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
