import * as endpoints from '@punkto/contracts/endpoints/messages';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

const unsubscribeKey = (token: string) => ['messages', 'unsubscribe', token] as const;

/** GET /notifications/unsubscribe/{token}: the company, the masked address and whether it is subscribed. */
export function unsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => api.call(endpoints.getUnsubscribe, { params: { token }, signal }),
    // an unknown link is an answer, not a hiccup
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * POST /notifications/unsubscribe/{token} with JSON `{}` (the endpoint declares no body schema: mail clients
 * post the RFC 8058 form there, this page an empty JSON object, hence the cast).
 */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(endpoints.unsubscribe, { params: { token }, body: {} as unknown as undefined }),
    onSuccess: (result) =>
      queryClient.setQueryData(unsubscribeKey(token), (view) =>
        view ? { ...view, companyName: result.companyName, subscribed: false } : view,
      ),
  });
}
