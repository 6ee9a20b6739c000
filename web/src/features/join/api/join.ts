import * as customerEndpoints from '@punkto/contracts/endpoints/customers';
import * as endpoints from '@punkto/contracts/endpoints/tenant';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/api-client';

/** GET …/loyalty-programs/{programId}/public: what the enrolment page shows (public, no personal data). */
export function publicProgramQueryOptions(tenantId: string, programId: string) {
  return queryOptions({
    queryKey: ['public-programs', tenantId, programId] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.getProgramPublicInfo, {
        params: { id: tenantId, programId },
        signal,
        // a public page: an expired session of a visitor must not send them to the login page
        redirectOnAuthFailure: false,
      }),
  });
}

/**
 * GET /enrolment-links/{code}: where a short link `/k/<code>` leads (public). The answer never changes for a
 * code, so it is kept for the session; an unknown code is not asked again (4xx are not retried).
 */
export function enrolmentLinkQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['enrolment-links', code] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.resolveEnrolmentLink, {
        params: { code },
        signal,
        redirectOnAuthFailure: false,
      }),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /tenants/{id}/join: the signed-in customer joins the program (409 CLIENT.ALREADY_ENROLLED if in), with
 * the phone staff may find the card by ('' for none) and whether the customer agrees to the company's
 * marketing e-mails (company messages).
 */
export function useJoinProgram(tenantId: string) {
  return useMutation({
    mutationFn: (body: { programId: string; phone: string; marketingConsent: boolean }) =>
      api.call(endpoints.joinProgram, { params: { id: tenantId }, body }),
  });
}

/**
 * The customer's card of this program once it is issued (the card ledger issues it moments after joining, over
 * the bus): asked again every second until it is there, for the wallet buttons after joining.
 */
export function useCardOfProgram(programId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'my-cards'] as const,
    queryFn: ({ signal }) => api.call(customerEndpoints.myCards, { signal }),
    enabled,
    select: (data) =>
      data.items.find((c) => c.programId === programId && c.status !== 'closed' && c.qrPayload) ?? null,
    refetchInterval: (query) =>
      query.state.data?.items.some((c) => c.programId === programId && c.qrPayload) ? false : 1000,
  });
}
