import type { PaidPlanId } from '@punkto/contracts/billing';
import { randomUUID } from 'node:crypto';
import { paidPlanLabel } from '../plans/plans';
import { NothingToPayError } from '../subscriptions/subscription.errors';
import { bookCompletedPayment } from './book-payment';
import { CardRefused } from './payment-provider.port';
import { CardFormRequiredError, CardRefusedError, CardTokenUnsupportedError } from './payment.errors';
import type { StartedPayment } from './open-orders';
import { buyerOf, type PaymentRecord, type PaymentsContext } from './payments';

/** who starts the payment: their id and address (billing's e-mails go there while the company has no contact) */
export type Payer = { userId: string; email?: string; ip: string; cardToken?: string };

type StartDeps = Pick<PaymentsContext, 'run' | 'provider' | 'tenants' | 'logger' | 'publicUrl' | 'notifyUrl'>;

/** an order at the provider (its checkout page or PayU's card form) and its PaymentInitiated */
async function startCheckout(
  deps: StartDeps,
  tenantId: string,
  paymentId: string,
  input: {
    purpose: PaymentRecord['order']['purpose'];
    planId: PaidPlanId | null;
    isForYear: boolean;
    amountGrosze: number;
    description: string;
  },
  payer: Payer,
): Promise<StartedPayment> {
  const { provider } = deps;
  const checkout = await provider
    .startCheckout({
      paymentId,
      tenantId,
      description: input.description,
      amountGrosze: input.amountGrosze,
      currency: 'PLN',
      buyer: await buyerOf(deps.tenants, tenantId, payer.email),
      customerIp: payer.ip,
      continueUrl: `${deps.publicUrl}/subskrypcja/sukces?paymentId=${paymentId}`,
      notifyUrl: deps.notifyUrl,
      // PayU's card form: the first payment with the TOK_ saves the card (recurring FIRST → TOKC_)
      ...(payer.cardToken && { cardToken: payer.cardToken }),
    })
    .catch((error: unknown) => {
      if (!(error instanceof CardRefused)) throw error;
      deps.logger.info({ reason: error.reason, tenantId }, 'card from the card form refused by the provider');
      throw new CardRefusedError();
    });
  await deps.run(paymentId, tenantId, {
    type: 'InitiatePayment',
    data: {
      paymentId,
      tenantId,
      ...input,
      provider: provider.name,
      providerOrderId: checkout.providerOrderId,
      // PayU returns the reusable card with the order (CheckoutResult.savedCard), saved once COMPLETED
      checkoutSavedCard: checkout.savedCard ?? null,
    },
  });
  return {
    paymentId,
    amountGrosze: input.amountGrosze,
    redirectUri: checkout.kind === 'redirect' ? checkout.redirectUri : null,
  };
}

/** a purchase, upgrade or reactivation of a paid plan: the price the subscription asks, paid at the provider */
export async function initiatePayment(
  deps: StartDeps &
    Pick<
      PaymentsContext,
      'find' | 'subscriptions' | 'methods' | 'invoices' | 'mailer' | 'mails' | 'openOrders'
    >,
  tenantId: string,
  target: { planId: PaidPlanId; isForYear: boolean },
  payer: Payer,
): Promise<StartedPayment> {
  // the sandbox takes the card on its own checkout page; a token is PayU's card form's
  if (payer.cardToken && deps.provider.name !== 'payu') throw new CardTokenUnsupportedError();
  await deps.tenants.rememberPayer(tenantId, payer);
  const outcome = await deps.subscriptions.priceFor(tenantId, target);
  if (outcome.kind !== 'payment_required') throw new NothingToPayError();
  const description = `Punkto — ${paidPlanLabel(target.planId, target.isForYear)}`;
  if (outcome.amountGrosze === 0) {
    // the unused credit covers the upgrade: nothing to take, booked at once (no invoice for 0 zł)
    const paymentId = randomUUID();
    await deps.run(paymentId, tenantId, {
      type: 'InitiatePayment',
      data: {
        paymentId,
        tenantId,
        purpose: outcome.purpose,
        ...target,
        amountGrosze: 0,
        description,
        provider: 'none',
        providerOrderId: null,
      },
    });
    await bookCompletedPayment(deps, {
      providerOrderId: 'none',
      paymentId,
      status: 'COMPLETED',
      amountGrosze: 0,
      currency: 'PLN',
    });
    return { paymentId, amountGrosze: 0, redirectUri: null };
  }
  // one open order per plan change: the same change asked again (a double click, two tabs) gets this order,
  // another change waits until it is paid, fails or expires — never two charges (issue 32)
  const intent = `${outcome.purpose}:${target.planId}:${target.isForYear ? 'year' : 'month'}`;
  return deps.openOrders.once(tenantId, intent, (paymentId) =>
    startCheckout(
      deps,
      tenantId,
      paymentId,
      { purpose: outcome.purpose, ...target, amountGrosze: outcome.amountGrosze, description },
      payer,
    ),
  );
}

/**
 * A card verification without a charge (0 zł) that saves the card. The sandbox verifies on its own page;
 * PayU with the single-use `TOK_` of its card form: a 0 zł order with `recurring: FIRST` (PayU's documented
 * way to create a `TOKC_` without a purchase; card schemes forbid charging and cancelling to save a card),
 * 3-D Secure, and the `TOKC_` from the order's answer saved once the order is COMPLETED. No invoice, no
 * e-mail, no period: purpose `card_verification`, amount 0.
 */
export async function addPaymentCard(
  deps: StartDeps,
  tenantId: string,
  payer: Payer,
): Promise<StartedPayment> {
  if (payer.cardToken && deps.provider.name !== 'payu') throw new CardTokenUnsupportedError();
  if (!payer.cardToken && deps.provider.name === 'payu') throw new CardFormRequiredError();
  await deps.tenants.rememberPayer(tenantId, payer);
  return startCheckout(
    deps,
    tenantId,
    randomUUID(),
    {
      purpose: 'card_verification',
      planId: null,
      isForYear: false,
      amountGrosze: 0,
      description: 'Punkto — weryfikacja karty (0 zł)',
    },
    payer,
  );
}
