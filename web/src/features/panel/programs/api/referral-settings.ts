import * as endpoints from '@punkto/contracts/endpoints/referrals';
import type { ReferralSettings } from '@punkto/contracts/referrals';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** The program's referral settings (ADR 0061), programs.manage. */
const settingsKey = (tenantId: string, programId: string) =>
  ['tenants', tenantId, 'referral-settings', programId] as const;

/** GET …/loyalty-programs/{programId}/referral-settings (programs.manage; off until saved) */
export function referralSettingsQueryOptions(tenantId: string, programId: string) {
  return queryOptions({
    queryKey: settingsKey(tenantId, programId),
    queryFn: ({ signal }) =>
      api.call(endpoints.getReferralSettings, { params: { id: tenantId, programId }, signal }),
  });
}

/** PUT …/referral-settings: the answer replaces the cached settings */
export function useSaveReferralSettings(tenantId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralSettings) =>
      api.call(endpoints.putReferralSettings, { params: { id: tenantId, programId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(tenantId, programId), saved),
  });
}
