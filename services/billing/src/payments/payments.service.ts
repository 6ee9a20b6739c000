import { addPaymentCard, initiatePayment, type Payer } from './start-payment';
import { handlePaymentNotification, paymentOrder } from './payment-orders';
import { paymentStreams, type PaymentsContext, type PaymentsDeps } from './payments';
import { chargeRenewal } from './renewal-charge';
import { finishUnbookedPayments } from './book-payment';
import { openOrders } from './open-orders';
import { cancelOpenOrdersOf, releaseSuperseded } from './superseded-orders';
import type { PaidPlanId } from '@punkto/contracts/billing';

/**
 * Payments through the provider port: starting a checkout, booking verified notifications (idempotent;
 * wrong amount or signature refused and logged), renewal charges of the saved card, and what a completed
 * payment brings: the subscription's period, the saved card, the VAT invoice, the e-mail. Every step is
 * idempotent; what a crash or a failing step interrupted is finished by the billing sweep (ADR 0052), and by
 * the provider's resending too. A completed payment is booked whatever happened to the subscription meanwhile.
 *
 * Each use case is its own function (start-payment, payment-orders, renewal-charge, book-payment); this binds
 * them to the service's ports for the routes and the renewal job.
 */
export async function createPayments(deps: PaymentsDeps) {
  const streams = await paymentStreams(deps);
  const ctx: PaymentsContext = {
    ...deps,
    ...streams,
    // an expired slot's order is cancelled at the provider before the next change takes it (ADR 0055)
    openOrders: openOrders(deps.documents, {
      find: streams.find,
      clock: deps.clock,
      release: (paymentId) => releaseSuperseded(ctx, paymentId),
    }),
  };
  return {
    find: ctx.find,
    initiate: (tenantId: string, target: { planId: PaidPlanId; isForYear: boolean }, payer: Payer) =>
      initiatePayment(ctx, tenantId, target, payer),
    addCard: (tenantId: string, payer: Payer) => addPaymentCard(ctx, tenantId, payer),
    handleNotification: (rawBody: Buffer, headers: Record<string, string | undefined>) =>
      handlePaymentNotification(ctx, rawBody, headers),
    order: (tenantId: string, paymentId: string) => paymentOrder(ctx, tenantId, paymentId),
    chargeRenewal: (tenantId: string) => chargeRenewal(ctx, tenantId),
    /** the sweep's part: completed payments whose booking was interrupted, finished (ADR 0052) */
    finishUnbooked: () => finishUnbookedPayments(ctx),
    /** a closed company's orders not paid yet, cancelled at the provider (ADR 0055); how many */
    cancelOpenOrders: (tenantId: string) => cancelOpenOrdersOf(ctx, tenantId),
  };
}

export type Payments = Awaited<ReturnType<typeof createPayments>>;
