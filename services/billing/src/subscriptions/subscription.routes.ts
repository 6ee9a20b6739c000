import * as api from '@punkto/contracts/endpoints/billing';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { CardFormConfig } from '@punkto/contracts/billing';
import type { FastifyInstance } from 'fastify';
import { availablePlans } from '../plans/plans';
import type { Subscriptions } from './subscriptions.service';

export function subscriptionRoutes(
  app: FastifyInstance,
  subscriptions: Subscriptions,
  cardForm: CardFormConfig,
) {
  // the plan list also tells the SPA how the card is taken (the sandbox's page or PayU's secure form)
  registerEndpoint(app, api.listAvailableSubscriptions, async () => ({ plans: availablePlans(), cardForm }));

  // every member of the company sees the plan and its limits (the panel's banner); changes need the permission
  registerEndpoint(app, api.getTenantSubscription, async ({ params }) => subscriptions.view(params.id));

  registerEndpoint(app, api.changePlan, async ({ query, request }) => {
    const user = request.user!;
    const { outcome, subscription } = await subscriptions.changePlan(query.tenantId, user.id, {
      planId: query.newSubscriptionPlanId,
      isForYear: query.isForYear,
    });
    return {
      outcome: outcome.kind,
      amountGrosze: outcome.kind === 'payment_required' ? outcome.amountGrosze : null,
      effectiveAt: outcome.kind === 'scheduled' ? outcome.effectiveAt : null,
      subscription,
    };
  });

  registerEndpoint(app, api.cancelSubscription, async ({ query, request }) =>
    subscriptions.cancel(query.tenantId, request.user!.id),
  );

  registerEndpoint(app, api.resumeSubscription, async ({ query, request }) =>
    subscriptions.resume(query.tenantId, request.user!.id),
  );
}
