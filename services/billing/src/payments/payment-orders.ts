import type { PaymentOrder } from '@punkto/contracts/billing';
import { applyPaymentNotification } from './book-payment';
import { NotificationRejected, type PaymentNotification } from './payment-provider.port';
import { NotificationRefusedError, PaymentNotFoundError } from './payment.errors';
import type { PaymentRecord, PaymentsContext } from './payments';

type BookDeps = Parameters<typeof applyPaymentNotification>[0];

/** the provider's notification: verified, checked against the order, booked once */
export async function handlePaymentNotification(
  deps: BookDeps & Pick<PaymentsContext, 'provider' | 'logger'>,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<void> {
  let notification: PaymentNotification;
  try {
    notification = deps.provider.parseNotification(rawBody, headers);
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    deps.logger.warn({ reason: error.reason }, 'payment notification rejected');
    throw new NotificationRefusedError(error.reason);
  }
  try {
    await applyPaymentNotification(deps, notification);
  } catch (error) {
    deps.logger.warn(
      {
        err: error,
        paymentId: notification.paymentId,
        amount: notification.amountGrosze,
        status: notification.status,
      },
      'payment notification not booked',
    );
    throw error;
  }
}

/** the provider's view of a pending order, booked as if notified (a lost notification) */
export async function reconcilePayment(
  deps: BookDeps & Pick<PaymentsContext, 'provider'>,
  record: PaymentRecord,
) {
  if (record.status !== 'pending' || !record.order.providerOrderId) return;
  const seen = await deps.provider.getOrder(record.order.providerOrderId);
  if (seen.paymentId !== record.order.paymentId) return;
  if (seen.status === 'COMPLETED' || seen.status === 'CANCELED')
    await applyPaymentNotification(deps, {
      providerOrderId: record.order.providerOrderId,
      paymentId: record.order.paymentId,
      status: seen.status,
      amountGrosze: seen.amountGrosze,
      currency: 'PLN',
    });
}

const toOrder = (r: PaymentRecord): PaymentOrder => ({
  paymentId: r.order.paymentId,
  tenantId: r.order.tenantId,
  status: r.status,
  purpose: r.order.purpose,
  planId: r.order.planId,
  isForYear: r.order.isForYear,
  amountGrosze: r.order.amountGrosze,
  createdAt: r.order.initiatedAt,
  completedAt: r.completed?.completedAt ?? null,
  failureReason: r.failureReason,
  invoiceId: null,
});

/** a tenant's payment as the SPA shows it; a pending one is first asked of the provider (a lost notification) */
export async function paymentOrder(
  deps: BookDeps & Pick<PaymentsContext, 'provider' | 'logger'>,
  tenantId: string,
  paymentId: string,
): Promise<PaymentOrder> {
  let record = await deps.find(paymentId);
  if (!record || record.order.tenantId !== tenantId) throw new PaymentNotFoundError();
  if (record.status === 'pending') {
    await reconcilePayment(deps, record).catch((error: unknown) =>
      deps.logger.warn({ err: error, paymentId }, 'reconcile failed'),
    );
    record = (await deps.find(paymentId))!;
  }
  const invoice = record.status === 'completed' ? await deps.invoices.byPayment(paymentId) : null;
  return { ...toOrder(record), invoiceId: invoice?.id ?? null };
}
