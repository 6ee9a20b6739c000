import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/**
 * POST /users/activate-account. A query rather than a mutation: the page fires it on open, and the query
 * cache makes sure a token is spent once (React StrictMode mounts twice in development).
 */
export function activateAccountQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['users', 'activate-account', token],
    queryFn: () => api.call(endpoints.activateAccount, { body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
