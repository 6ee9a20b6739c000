import * as endpoints from '@punkto/contracts/endpoints/surveys';
import type { SurveySettings } from '@punkto/contracts/surveys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

const surveysKey = (tenantId: string) => ['tenants', tenantId, 'surveys'] as const;

/** GET /surveys/tenants/{id}/results: the company's NPS (from 5 answers). */
export function surveyResultsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...surveysKey(tenantId), 'results'] as const,
    queryFn: ({ signal }) => api.call(endpoints.getSurveyResults, { params: { id: tenantId }, signal }),
  });
}

/** GET /surveys/tenants/{id}/settings. */
export function surveySettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...surveysKey(tenantId), 'settings'] as const,
    queryFn: ({ signal }) => api.call(endpoints.getSurveySettings, { params: { id: tenantId }, signal }),
  });
}

/** PUT /surveys/tenants/{id}/settings (tenant.settings). */
export function useSaveSurveySettings(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveySettings) =>
      api.call(endpoints.updateSurveySettings, { params: { id: tenantId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(surveySettingsQueryOptions(tenantId).queryKey, saved),
  });
}
