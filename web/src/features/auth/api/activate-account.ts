import { AcceptedResponse } from '@punkto/contracts/identity';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/**
 * POST /users/activate-account. A query rather than a mutation: the page fires it on open, and the query
 * cache makes sure a token is spent once (React StrictMode mounts twice in development).
 */
export function activateAccountQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['users', 'activate-account', token],
    queryFn: () => api.post('/users/activate-account', { token }, { schema: AcceptedResponse }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
