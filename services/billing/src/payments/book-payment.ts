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

/** books a COMPLETED payment: the period, the card, the invoice, the e-mail (each idempotent) */
export async function bookCompletedPayment(deps: BookDeps, notification: PaymentNotification): Promise<void> {
  const record = await deps.find(notification.paymentId);
  if (!record) throw new PaymentNotFoundError();
  const { order } = record;
  const result = await deps.run(order.paymentId, order.tenantId, {
    type: 'CompletePayment',
    data: {
      providerOrderId: notification.providerOrderId,
      amountGrosze: notification.amountGrosze,
      currency: notification.currency,
      savedCard: notification.savedCard ?? order.checkoutSavedCard ?? null,
    },
  });
  const state = result.newState as PaymentRecord;
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
  if (result.newEvents.length) {
    const tenant = await deps.tenants.get(order.tenantId);
    const to = deps.tenants.emailOf(tenant);
    if (to && order.amountGrosze > 0)
      await deps.mailer.send(
        deps.mails.paymentReceived(to, tenant!.companyName, order.amountGrosze, invoiceNumber),
      );
  }
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
