import * as endpoints from '@punkto/contracts/endpoints/messages';
import type { CampaignDraft, CampaignList, MessageAudience } from '@punkto/contracts/messages';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { needsRefresh } from '../utils/campaign-report';

const messagesKey = (tenantId: string) => ['tenants', tenantId, 'messages'] as const;

/** while a campaign sends (or one is about to start) the list and its reports are read again this often */
const SENDING_REFRESH_MS = 3_000;

/**
 * GET /notifications/tenants/{id}/campaigns: the campaigns (newest first) with their delivery reports and the
 * weekly limit; read again every few seconds while one is sending or about to start.
 */
export function campaignsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...messagesKey(tenantId), 'campaigns'] as const,
    queryFn: ({ signal }) => api.call(endpoints.listCampaigns, { params: { id: tenantId }, signal }),
    refetchInterval: (query) => {
      const data = query.state.data as CampaignList | undefined;
      return data && needsRefresh(data.campaigns, Date.now()) ? SENDING_REFRESH_MS : false;
    },
  });
}

/**
 * POST /notifications/tenants/{id}/audience-size: how many customers the audience reaches now, per channel.
 * A read, though a POST: cached per audience; the previous numbers stay while the next ones load.
 */
export function audienceSizeQueryOptions(tenantId: string, audience: MessageAudience | null) {
  return queryOptions({
    queryKey: [...messagesKey(tenantId), 'audience-size', audience] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.getAudienceSize, { params: { id: tenantId }, body: audience!, signal }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** POST /notifications/tenants/{id}/campaigns; the list (and the limit) is read again afterwards. */
export function useCreateCampaign(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: CampaignDraft) =>
      api.call(endpoints.createCampaign, { params: { id: tenantId }, body: draft }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey(tenantId) }),
  });
}

/** POST /notifications/tenants/{id}/campaigns/{campaignId}/cancel (until sending starts). */
export function useCancelCampaign(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      api.call(endpoints.cancelCampaign, { params: { id: tenantId, campaignId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey(tenantId) }),
  });
}
