import { getAnalytics } from '@punkto/contracts/endpoints/analytics';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { Analytics } from './analytics.service';

/**
 * GET /api/v1/analytics/{tenantId}: aggregated figures only (no person is named), for staff of the tenant
 * holding `analytics.view`; another tenant's user or a missing permission: 403.
 */
export function analyticsRoutes(app: FastifyInstance, analytics: Analytics) {
  registerEndpoint(app, getAnalytics, async ({ params, query }) => analytics.query(params.tenantId, query));
}
