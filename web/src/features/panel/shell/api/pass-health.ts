import * as endpoints from '@punkto/contracts/endpoints/notification';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** GET /notifications/pass-health/{id}: the company's cards in Apple and Google Wallet. */
export function passHealthQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'pass-health'] as const,
    queryFn: ({ signal }) => api.call(endpoints.getPassHealth, { params: { id: tenantId }, signal }),
  });
}
