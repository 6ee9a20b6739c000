import type { PaidPlanId } from '@punkto/contracts/billing';
import { ConflictError } from '@punkto/platform/errors/errors';
import { paidPlanLabel, priceOf } from '../plans/plans';
import { addPeriod } from '../subscriptions/billing-periods';
import { bookCompletedPayment } from './book-payment';
import { reconcilePayment } from './payment-orders';
import { buyerOf, ddmmyyyy, type PaymentRecord, type PaymentsContext } from './payments';

type RenewalDeps = Parameters<typeof bookCompletedPayment>[0] &
  Pick<PaymentsContext, 'provider' | 'clock' | 'notifyUrl'>;
type RenewalOutcome = 'completed' | 'failed' | 'pending';

/** one renewal payment per subscription, period and attempt: the idempotency key of the charge */
const renewalPaymentId = (tenantId: string, periodEnd: string, attempt: number) =>
  `renewal.${tenantId}.${Date.parse(periodEnd)}.${attempt}`;

/** a renewal still pending this long without an outcome is sent to the provider again (same id) */
const RENEWAL_RESUBMIT_MS = 2 * 3_600_000;

/** sends the renewal order for a recorded payment to the provider (again: the provider dedupes by id) */
async function submitRenewal(
  deps: RenewalDeps,
  order: PaymentRecord['order'],
  cardToken: string,
): Promise<RenewalOutcome> {
  const { paymentId, tenantId, amountGrosze, description } = order;
  const charged = await deps.provider.chargeSavedCard({
    paymentId,
    tenantId,
    description,
    amountGrosze,
    currency: 'PLN',
    buyer: await buyerOf(deps.tenants, tenantId, undefined),
    cardToken,
    notifyUrl: deps.notifyUrl,
    customerIp: '127.0.0.1',
  });
  if (charged.status === 'COMPLETED') {
    await bookCompletedPayment(deps, {
      providerOrderId: charged.providerOrderId,
      paymentId,
      status: 'COMPLETED',
      amountGrosze,
      currency: 'PLN',
    });
    return 'completed';
  }
  if (charged.status === 'CANCELED') {
    await deps.run(paymentId, tenantId, {
      type: 'FailPayment',
      data: { reason: charged.declineReason ?? 'declined' },
    });
    await deps.subscriptions.recordRenewalFailure(tenantId, charged.declineReason ?? 'declined');
    return 'failed';
  }
  return 'pending';
}

/** a renewal payment recorded before (another runner, an earlier run): its outcome booked, or sent again */
async function resumeRenewal(deps: RenewalDeps, existing: PaymentRecord): Promise<RenewalOutcome> {
  const { paymentId, tenantId } = existing.order;
  if (existing.status === 'pending') await reconcilePayment(deps, existing);
  const now = (await deps.find(paymentId))!;
  if (now.status === 'completed') {
    await bookCompletedPayment(deps, {
      providerOrderId: now.completed!.providerOrderId,
      paymentId,
      status: 'COMPLETED',
      amountGrosze: now.completed!.amountGrosze,
      currency: 'PLN',
    });
    return 'completed';
  }
  if (now.status === 'failed') {
    await deps.subscriptions.recordRenewalFailure(tenantId, now.failureReason ?? 'declined');
    return 'failed';
  }
  const age = deps.clock().getTime() - Date.parse(now.order.initiatedAt);
  if (age < RENEWAL_RESUBMIT_MS) return 'pending';
  const card = await deps.methods.defaultCard(tenantId);
  if (!card) return 'pending';
  return submitRenewal(deps, now.order, card.token);
}

/**
 * The renewal charge at the period's end (or a dunning retry): the saved default card, the next plan's
 * price. Idempotent per subscription, period and attempt: the payment id is
 * `renewal.<tenant>.<periodEnd>.<attempt>`, only the runner whose PaymentInitiated was appended charges
 * (a second runner — another replica's job, the sweep's — loses the append and charges nothing), and the
 * provider refuses a second order with the same id (PayU's extOrderId, the sandbox's paymentId). A charge
 * left pending without an outcome (a crash right after the append, a lost notification) is sent again
 * after RENEWAL_RESUBMIT_MS with the same id: the provider answers with the order it already has.
 */
export async function chargeRenewal(
  deps: RenewalDeps,
  tenantId: string,
): Promise<RenewalOutcome | 'skipped'> {
  const sub = await deps.subscriptions.get(tenantId);
  if (!sub || (sub.status !== 'active' && sub.status !== 'past_due')) return 'skipped';
  // a closed company is never charged, whatever its subscription's projection still says (ADR 0047)
  if (sub.companyClosed || (await deps.tenants.get(tenantId))?.deleted) return 'skipped';
  const target = sub.pendingChange ?? { planId: sub.planId as PaidPlanId, isForYear: sub.isForYear };
  const paymentId = renewalPaymentId(tenantId, sub.periodEnd, sub.failedAttempts + 1);
  const existing = await deps.find(paymentId);
  if (existing) return resumeRenewal(deps, existing);
  const card = await deps.methods.defaultCard(tenantId);
  if (!card) {
    await deps.subscriptions.recordRenewalFailure(tenantId, 'no_saved_card');
    return 'failed';
  }
  const amountGrosze = priceOf(target.planId, target.isForYear).grossGrosze;
  const nextEnd = addPeriod(sub.periodEnd, target.isForYear);
  const description = `Punkto — ${paidPlanLabel(target.planId, target.isForYear)} (odnowienie do ${ddmmyyyy(nextEnd)})`;
  try {
    await deps.run(paymentId, tenantId, {
      type: 'InitiatePayment',
      data: {
        paymentId,
        tenantId,
        purpose: 'renewal',
        ...target,
        amountGrosze,
        description,
        provider: deps.provider.name,
        providerOrderId: null,
      },
    });
  } catch (error) {
    // another runner appended this renewal first: it charges, this one does not
    if (error instanceof ConflictError) return 'pending';
    throw error;
  }
  const initiated = (await deps.find(paymentId))!;
  return submitRenewal(deps, initiated.order, card.token);
}
