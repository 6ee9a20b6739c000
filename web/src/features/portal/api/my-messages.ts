import { listMyMessages } from '@punkto/contracts/endpoints/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import { portalQueryKey } from './portal';

/** GET /notifications/my-messages: the messages companies sent the signed-in customer, newest first. */
export function myMessagesQueryOptions() {
  return queryOptions({
    queryKey: [...portalQueryKey, 'my-messages'] as const,
    queryFn: ({ signal }) => api.call(listMyMessages, { signal }),
  });
}
