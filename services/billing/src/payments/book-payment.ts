import type { PaymentNotification } from './payment-provider.port';
import { invoiceLineName } from '../invoices/invoice-line';
import { PaymentNotFoundError } from './payment.errors';
import { ddmmyyyy, type PaymentRecord, type PaymentsContext } from './payments';

type BookDeps = Pick<
  PaymentsContext,
  | 'run'
  | 'find'
  | 'methods'
  | 'subscriptions'
  | 'invoices'
  | 'tenants'
  | 'mailer'
  | 'mails'
  | 'provider'
  | 'logger'
  | 'publicUrl'
>;

/** the VAT invoice of a paid order (idempotent per payment); its number */
async function invoicePaid(deps: BookDeps, record: PaymentRecord): Promise<string> {
  const { order } = record;
  const buyer = await deps.tenants.get(order.tenantId);
  if (!buyer) throw new Error(`tenant ${order.tenantId} not known to billing yet; the invoice waits`);
  const sub = await deps.subscriptions.get(order.tenantId);
  const period =
    sub && sub.paymentIds.includes(order.paymentId)
      ? { from: ddmmyyyy(sub.periodStart), to: ddmmyyyy(sub.periodEnd) }
      : null;
  const lineName = invoiceLineName(order.purpose, order.description.replace(/^Punkto — /, ''), period);
  const invoice = await deps.invoices.issue(
    {
      tenantId: order.tenantId,
      paymentId: order.paymentId,
      // the panel's list shows the description: a top-up says so there too
      description:
        order.purpose === 'upgrade' ? lineName.replace(/^Abonament Punkto/, 'Punkto') : order.description,
      lineName,
      grossGrosze: order.amountGrosze,
      paidAt: record.completed!.completedAt,
    },
    buyer,
  );
  return invoice.number;
}

/**
 * Books a COMPLETED payment (ADR 0052): the fact first (PaymentCompleted, once), then its booking. A crash in
 * between, or a step that fails, leaves the payment completed and not booked; the billing sweep (scheduled at
 * every start and every few minutes) finishes it — so no provider resend is needed for the period, the invoice
 * or the e-mail.
 */
export async function bookCompletedPayment(deps: BookDeps, notification: PaymentNotification): Promise<void> {
  const record = await deps.find(notification.paymentId);
  if (!record) throw new PaymentNotFoundError();
  const { order } = record;
  await deps.run(order.paymentId, order.tenantId, {
    type: 'CompletePayment',
    data: {
      providerOrderId: notification.providerOrderId,
      amountGrosze: notification.amountGrosze,
      currency: notification.currency,
      savedCard: notification.savedCard ?? order.checkoutSavedCard ?? null,
    },
  });
  await finishBooking(deps, order.paymentId);
}

/**
 * The booking of a completed payment, step by step, each idempotent, then PaymentBooked: the card kept, the period
 * bought (once per payment), the VAT invoice (once per payment), the e-mail (with a Message-ID of the payment: a
 * repeat after a crash between sending and recording is recognised as the same message). Nothing for a payment
 * that is not completed or is booked already.
 */
export async function finishBooking(deps: BookDeps, paymentId: string): Promise<void> {
  const state = await deps.find(paymentId);
  if (state?.status !== 'completed' || state.bookedAt !== null) return;
  const { order } = state;
  const completed = state.completed!;
  // a card added on the manage page joins the list; renewals keep charging the default card until the owner
  // chooses the new one (a card paid with becomes the default: the owner just chose it for the plan)
  const closed = (await deps.tenants.get(order.tenantId))?.deleted === true;
  if (closed) {
    // paid for a company closed meanwhile (ADR 0047): invoiced (money was taken) but it buys no period, and its
    // card is not kept; the payment is for someone to refund by hand
    if (completed.savedCard) await deps.provider.deleteSavedCard(completed.savedCard.token);
    deps.logger.warn(
      { tenantId: order.tenantId, paymentId: order.paymentId },
      'payment completed for a closed company: no period bought, refund it',
    );
  } else if (completed.savedCard)
    await deps.methods.save(order.tenantId, completed.savedCard, {
      makeDefault: order.purpose !== 'card_verification',
    });
  if (order.purpose !== 'card_verification' && order.planId)
    await deps.subscriptions.bookPayment(order.tenantId, {
      paymentId: order.paymentId,
      purpose: order.purpose,
      planId: order.planId,
      isForYear: order.isForYear,
      amountGrosze: order.amountGrosze,
    });
  const invoiceNumber = order.amountGrosze > 0 ? await invoicePaid(deps, state) : null;
  const tenant = await deps.tenants.get(order.tenantId);
  const to = deps.tenants.emailOf(tenant);
  if (to && order.amountGrosze > 0)
    await deps.mailer.send({
      ...deps.mails.paymentReceived(to, tenant!.companyName, order.amountGrosze, invoiceNumber),
      messageId: `<payment-received.${order.paymentId}@${new URL(deps.publicUrl).hostname}>`,
    });
  await deps.run(order.paymentId, order.tenantId, { type: 'RecordBooking', data: { invoiceNumber } });
}

/** the completed payments whose booking a crash or a failed step left unfinished, a minute or more ago */
export async function finishUnbookedPayments(
  deps: BookDeps & Pick<PaymentsContext, 'unbooked' | 'clock'>,
): Promise<number> {
  const before = new Date(deps.clock().getTime() - 60_000).toISOString();
  let finished = 0;
  for (const paymentId of await deps.unbooked(before)) {
    try {
      await finishBooking(deps, paymentId);
      finished++;
    } catch (error) {
      deps.logger.error(
        { err: error, paymentId },
        'booking of a completed payment failed: tried again later',
      );
    }
  }
  return finished;
}

/** a verified notification of the provider: COMPLETED booked, CANCELED failed, anything else left pending */
export async function applyPaymentNotification(deps: BookDeps, notification: PaymentNotification) {
  const record = await deps.find(notification.paymentId);
  if (!record) throw new PaymentNotFoundError();
  if (notification.status === 'COMPLETED') return bookCompletedPayment(deps, notification);
  if (notification.status === 'CANCELED')
    await deps.run(record.order.paymentId, record.order.tenantId, {
      type: 'FailPayment',
      data: { reason: 'canceled' },
    });
}
