import type { CancelOutcome } from './payment-provider.port';
import { PreviousPaymentCompletedError, ProviderUnavailableError } from './payment.errors';
import type { PaymentRecord, PaymentsContext } from './payments';

/**
 * Orders nobody may pay any more (ADR 0055): the checkout of a plan change whose slot expired and goes to the
 * next change, and the open orders of a closed company. They are cancelled at the provider before anything
 * else happens, so that a late payer cannot pay them — the second charge ADR 0039 left open.
 */

/** what an order needs before it is given up — pure */
export type GiveUp = { kind: 'nothing' } | { kind: 'cancel'; providerOrderId: string };

export function toGiveUp(record: PaymentRecord | null): GiveUp {
  // unknown here: its checkout never reached the payer (a crash before PaymentInitiated), nothing to pay;
  // completed or failed: nothing left to cancel
  if (!record || record.status !== 'pending' || !record.order.providerOrderId) return { kind: 'nothing' };
  return { kind: 'cancel', providerOrderId: record.order.providerOrderId };
}

/** the provider's answer → the payment failed (it cannot be paid any more), or the payer paid first — pure */
export const afterCancel = (outcome: CancelOutcome): 'failed' | 'paid' =>
  outcome === 'COMPLETED' ? 'paid' : 'failed';

type GiveUpDeps = Pick<PaymentsContext, 'find' | 'run' | 'provider' | 'logger'>;

/** the order cancelled at the provider, then its payment failed here (cancelling again is harmless) */
async function giveUp(
  deps: GiveUpDeps,
  record: PaymentRecord | null,
  reason: 'superseded' | 'company_closed',
  cancel: (providerOrderId: string) => Promise<CancelOutcome>,
): Promise<'nothing' | 'failed' | 'paid'> {
  const step = toGiveUp(record);
  if (step.kind === 'nothing') return 'nothing';
  const verdict = afterCancel(await cancel(step.providerOrderId));
  if (verdict === 'failed')
    await deps.run(record!.order.paymentId, record!.order.tenantId, {
      type: 'FailPayment',
      data: { reason },
    });
  return verdict;
}

/**
 * Before a plan change takes an expired slot (open-orders.ts), the slot's order is cancelled at the provider. Only
 * when the provider says it is cancelled (or never had it) may the new checkout start; paid → 409
 * PAYMENT.PREVIOUS_COMPLETED (its notification books it); the provider not answering → 503 with Retry-After.
 */
export async function releaseSuperseded(deps: GiveUpDeps, paymentId: string): Promise<void> {
  const record = await deps.find(paymentId);
  const verdict = await giveUp(deps, record, 'superseded', (providerOrderId) =>
    deps.provider.cancelOrder(providerOrderId).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, paymentId },
        'superseded order not cancelled: the provider did not answer',
      );
      throw new ProviderUnavailableError(error);
    }),
  );
  if (verdict === 'paid') {
    deps.logger.info(
      { paymentId, tenantId: record!.order.tenantId },
      'superseded order was paid before it could be cancelled: no new checkout, its notification books it',
    );
    throw new PreviousPaymentCompletedError();
  }
}

/**
 * A closed company's orders not paid yet, cancelled at the provider (ADR 0047, 0055). A provider failure throws:
 * the closure is handled again. One the payer paid first is left to its notification, which invoices it without
 * a period and asks for a manual refund.
 */
export async function cancelOpenOrdersOf(
  deps: GiveUpDeps & { pendingOf: (tenantId: string) => Promise<string[]> },
  tenantId: string,
): Promise<number> {
  let cancelled = 0;
  for (const paymentId of await deps.pendingOf(tenantId)) {
    const verdict = await giveUp(deps, await deps.find(paymentId), 'company_closed', (id) =>
      deps.provider.cancelOrder(id),
    );
    if (verdict === 'failed') cancelled++;
    if (verdict === 'paid')
      deps.logger.warn(
        { tenantId, paymentId },
        'order of a closing company was paid before it could be cancelled: booked by its notification, refund it',
      );
  }
  return cancelled;
}
