import type { AnalyticsQuery } from '@punkto/contracts/analytics';
import * as endpoints from '@punkto/contracts/endpoints/analytics';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** GET /analytics/{tenantId}: the figures of one period (analytics.view). */
export function analyticsQueryOptions(tenantId: string, query: AnalyticsQuery) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'analytics', query] as const,
    queryFn: ({ signal }) => api.call(endpoints.getAnalytics, { params: { tenantId }, query, signal }),
    // switching a filter keeps the last figures on screen until the new ones arrive
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
