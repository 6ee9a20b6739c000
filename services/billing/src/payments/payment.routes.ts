import * as api from '@punkto/contracts/endpoints/billing';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { PaymentMethods } from './payment-methods';
import type { Payments } from './payments.service';

export const NOTIFY_PATH = '/api/v1/payments/notify';

export async function paymentRoutes(app: FastifyInstance, payments: Payments, methods: PaymentMethods) {
  registerEndpoint(app, api.initiatePayment, async ({ body, request }) => {
    const user = request.user!;
    return payments.initiate(
      body.tenantId,
      { planId: body.planId, isForYear: body.isForYear },
      {
        userId: user.id,
        ...(user.email && { email: user.email }),
        ip: request.ip,
        ...(body.cardToken && { cardToken: body.cardToken }),
      },
    );
  });

  registerEndpoint(app, api.getPaymentOrder, async ({ params, request }) => {
    const user = request.user!;
    return payments.order(user.tenantId!, params.id);
  });

  registerEndpoint(app, api.listPaymentMethods, async ({ params }) => ({
    items: await methods.list(params.tenantId),
  }));

  registerEndpoint(app, api.getTenantPaymentMethod, async ({ params }) => {
    const card = (await methods.list(params.id)).find((c) => c.isDefault) ?? null;
    return { paymentMethod: card };
  });

  registerEndpoint(app, api.addPaymentMethod, async ({ body, request }) => {
    const user = request.user!;
    return payments.addCard(body.tenantId, {
      userId: user.id,
      ...(user.email && { email: user.email }),
      ip: request.ip,
      ...(body.cardToken && { cardToken: body.cardToken }),
    });
  });

  registerEndpoint(app, api.removePaymentMethod, async ({ body }) => {
    return { items: await methods.remove(body.tenantId, body.paymentMethodId) };
  });

  registerEndpoint(app, api.setDefaultPaymentMethod, async ({ body }) => {
    return { items: await methods.setDefault(body.tenantId, body.paymentMethodId) };
  });

  // the provider's notifications: public, verified by signature over the RAW body (own JSON parser here)
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    scope.post(NOTIFY_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
      );
      await payments.handleNotification(raw, headers);
      return reply.status(200).send({ status: 'OK' });
    });
  });
}
