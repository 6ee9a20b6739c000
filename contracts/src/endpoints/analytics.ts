import { z } from 'zod';
import { AnalyticsQuery, AnalyticsResponse } from '../analytics';
import { defineEndpoint } from '../endpoint';
import { Permissions } from '../permissions';

/** SPEC §7: GET /api/v1/analytics/{tenantId}; definitions of the figures in ADR 0023. */
export const getAnalytics = defineEndpoint({
  method: 'get',
  path: '/api/v1/analytics/{tenantId}',
  owner: 'card-ledger',
  summary:
    'Analityka programu lojalnościowego firmy za okres (7, 30, 90 dni, 12 miesięcy, ten miesiąc albo własny zakres): klienci, wizyty, częstotliwość, nagrody, punkty, NPS, segmenty, kohorty i zobowiązanie punktowe',
  tags: ['analytics'],
  auth: Permissions.analyticsView,
  tenant: { path: 'tenantId' },
  params: z.object({ tenantId: z.string().min(1).max(64) }),
  query: AnalyticsQuery,
  response: AnalyticsResponse,
});
