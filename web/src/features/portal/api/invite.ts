import * as endpoints from '@punkto/contracts/endpoints/referrals';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';
import { portalQueryKey } from './portal';

/**
 * GET /referrals/my-cards/{cardId}/invite: the customer's invite code of that card (ADR 0061); under the portal's
 * key, so it is refreshed with the cards.
 */
export function myInviteQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: [...portalQueryKey, 'invite', cardId] as const,
    queryFn: ({ signal }) => api.call(endpoints.getMyInvite, { params: { cardId }, signal }),
    staleTime: 60_000,
  });
}
