import * as endpoints from '@punkto/contracts/endpoints/expiry';
import type { ExpirySettings } from '@punkto/contracts/expiry';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** The program's expiry setting (ADR 0062), programs.manage. */
const settingsKey = (tenantId: string, programId: string) =>
  ['tenants', tenantId, 'expiry-settings', programId] as const;

/** GET …/loyalty-programs/{programId}/expiry-settings (programs.manage; off until saved) */
export function expirySettingsQueryOptions(tenantId: string, programId: string) {
  return queryOptions({
    queryKey: settingsKey(tenantId, programId),
    queryFn: ({ signal }) =>
      api.call(endpoints.getExpirySettings, { params: { id: tenantId, programId }, signal }),
  });
}

/** PUT …/expiry-settings: the answer replaces the cached setting */
export function useSaveExpirySettings(tenantId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpirySettings) =>
      api.call(endpoints.putExpirySettings, { params: { id: tenantId, programId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(tenantId, programId), saved),
  });
}
