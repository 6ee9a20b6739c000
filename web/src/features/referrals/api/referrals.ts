import * as endpoints from '@punkto/contracts/endpoints/referrals';
import type { ReferralSettings } from '@punkto/contracts/referrals';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** "Bring a friend" (ADR 0061): the calls of the portal, the invite link page and the program editor. */

const settingsKey = (tenantId: string, programId: string) =>
  ['tenants', tenantId, 'referral-settings', programId] as const;

/** GET …/loyalty-programs/{programId}/referral-settings (programs.manage) */
export function referralSettingsQueryOptions(tenantId: string, programId: string) {
  return queryOptions({
    queryKey: settingsKey(tenantId, programId),
    queryFn: ({ signal }) =>
      api.call(endpoints.getReferralSettings, { params: { id: tenantId, programId }, signal }),
  });
}

export function useSaveReferralSettings(tenantId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettings) =>
      api.call(endpoints.putReferralSettings, { params: { id: tenantId, programId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(tenantId, programId), saved),
  });
}

/** GET /referrals/my-cards/{cardId}/invite: the customer's invite code of that card (portal key: refreshed with it) */
export function myInviteQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: ['portal', 'invite', cardId] as const,
    queryFn: ({ signal }) => api.call(endpoints.getMyInvite, { params: { cardId }, signal }),
    staleTime: 60_000,
  });
}

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
