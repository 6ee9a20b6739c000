import { getAnalytics } from '@punkto/contracts/endpoints/analytics';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { ReferralFigures } from '@punkto/contracts/referrals';
import type { Analytics } from './analytics.service';

/**
 * GET /api/v1/analytics/{tenantId}: aggregated figures only (no person is named), for staff of the tenant
 * holding `analytics.view`; another tenant's user or a missing permission: 403.
 */
export function analyticsRoutes(
  app: FastifyInstance,
  analytics: Analytics,
  /** the referrals of the period (ADR 0061), kept by referrals/referral-store.ts */
  referrals: (tenantId: string, period: Period) => Promise<ReferralFigures>,
) {
  registerEndpoint(app, getAnalytics, async ({ params, query }) => {
    const answer = await analytics.query(params.tenantId, query);
    const { startDate, endDate, loyaltyProgramId } = answer;
    return {
      ...answer,
      referrals: await referrals(params.tenantId, { startDate, endDate, loyaltyProgramId }),
    };
  });
}

export type Period = { startDate: string; endDate: string; loyaltyProgramId: string | null };
