import { ClientCreatedResponse } from '@punkto/contracts/clients';
import { ProgramPublicInfo } from '@punkto/contracts/programs';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

const tenantPath = (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}`;

/** GET …/loyalty-programs/{programId}/public: what the enrolment page shows (public, no personal data). */
export function publicProgramQueryOptions(tenantId: string, programId: string) {
  return queryOptions({
    queryKey: ['public-programs', tenantId, programId] as const,
    queryFn: ({ signal }) =>
      api.get(`${tenantPath(tenantId)}/loyalty-programs/${encodeURIComponent(programId)}/public`, {
        schema: ProgramPublicInfo,
        signal,
        // a public page: an expired session of a visitor must not send them to the login page
        redirectOnAuthFailure: false,
      }),
  });
}

/** POST /tenants/{id}/join: the signed-in customer joins the program (409 CLIENT.ALREADY_ENROLLED if in). */
export function useJoinProgram(tenantId: string) {
  return useMutation({
    mutationFn: (programId: string) =>
      api.post(`${tenantPath(tenantId)}/join`, { programId }, { schema: ClientCreatedResponse }),
  });
}
