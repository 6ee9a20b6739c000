import * as endpoints from '@punkto/contracts/endpoints/messages';
import type { AutomationSettingsInput } from '@punkto/contracts/message-automations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

const automationsKey = (tenantId: string) => ['tenants', tenantId, 'messages', 'automations'] as const;

/** GET /notifications/tenants/{id}/automations: welcome, reward ready and win-back with their effect. */
export function automationsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: automationsKey(tenantId),
    queryFn: ({ signal }) => api.call(endpoints.listAutomations, { params: { id: tenantId }, signal }),
  });
}

/** PUT /notifications/tenants/{id}/automations: one automation's whole settings; the list is read again. */
export function useSaveAutomation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AutomationSettingsInput) =>
      api.call(endpoints.saveAutomation, { params: { id: tenantId }, body: settings }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationsKey(tenantId) }),
  });
}
