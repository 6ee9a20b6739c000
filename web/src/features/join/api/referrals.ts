import * as endpoints from '@punkto/contracts/endpoints/referrals';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** The friend's side of „Poleć znajomemu” (ADR 0061): where an invite leads, and the claim after joining. */

/** GET /referrals/{code} (public): the program an invite leads to */
export function referralTargetQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['referrals', code] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.resolveReferral, { params: { code }, signal, redirectOnAuthFailure: false }),
    staleTime: 5 * 60_000,
  });
}

/** POST /referrals/{code}/claim: the friend's new card records the invite (or the fraud rules refuse it) */
export function useClaimReferral() {
  return useMutation({
    mutationFn: ({ code, cardId }: { code: string; cardId: string }) =>
      api.call(endpoints.claimReferral, { params: { code }, body: { cardId } }),
  });
}
