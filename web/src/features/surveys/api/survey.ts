import * as endpoints from '@punkto/contracts/endpoints/surveys';
import type { SurveyAnswerRequest } from '@punkto/contracts/surveys';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** GET /surveys/{token}: the survey behind a one-time link (public; no retry: an error is an answer). */
export function surveyQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['surveys', 'link', token] as const,
    queryFn: ({ signal }) => api.call(endpoints.getSurvey, { params: { token }, signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /surveys/{token}/respond. */
export function useRespondToSurvey(token: string) {
  return useMutation({
    mutationFn: (body: SurveyAnswerRequest) =>
      api.call(endpoints.respondToSurvey, { params: { token }, body }),
  });
}
