import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { retryLostRace } from '@punkto/platform/errors/lost-race';
import { randomUUID } from 'node:crypto';
import { PaymentInProgressError } from './payment.errors';

/** how long an unpaid plan-change order holds the company's slot (an abandoned checkout frees it after this) */
export const OPEN_ORDER_TTL_MS = 30 * 60_000;
/** how long a request with the same intent waits for a parallel one to get the provider's checkout */
const PARALLEL_START_WAIT_MS = 10_000;

export type StartedPayment = { paymentId: string; amountGrosze: number; redirectUri: string | null };

/** `open_orders`, one per company: the plan change being paid for and its checkout once started */
interface OpenOrder {
  _id: string;
  /** what is bought: purpose, plan, yearly, amount — a second request for the same thing gets this order */
  intent: string;
  paymentId: string;
  claimedAt: string;
  started: StartedPayment | null;
}

export type OpenOrders = ReturnType<typeof openOrders>;

type OpenOrdersDeps = {
  /** the payment's status, null when unknown (payments.ts `find`) */
  find: (paymentId: string) => Promise<{ status: 'pending' | 'completed' | 'failed' } | null>;
  clock: () => Date;
  /**
   * called before a slot that is no longer open is taken: its order, if the payer could still pay it, is
   * cancelled at the provider (superseded-orders.ts, ADR 0055); throws when the new checkout must not start
   */
  release: (paymentId: string) => Promise<void>;
};

/** open: its payment is pending (or still being started) and younger than OPEN_ORDER_TTL_MS */
async function isOpen(deps: OpenOrdersDeps, slot: OpenOrder): Promise<boolean> {
  if (deps.clock().getTime() - Date.parse(slot.claimedAt) >= OPEN_ORDER_TTL_MS) return false;
  if (!slot.started) return true; // a parallel request is starting the checkout
  return (await deps.find(slot.paymentId))?.status === 'pending';
}

/** the same intent asked twice at once: the second waits for the first's checkout */
async function startedBy(
  slots: Collection<OpenOrder>,
  tenantId: string,
  paymentId: string,
): Promise<StartedPayment> {
  const deadline = Date.now() + PARALLEL_START_WAIT_MS;
  while (Date.now() < deadline) {
    const slot = await slots.get(tenantId);
    if (!slot || slot.paymentId !== paymentId) break; // its start failed; the slot is free or someone else's
    if (slot.started) return slot.started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new PaymentInProgressError();
}

/**
 * One open order per company's plan change, idempotent by intent (issue 32: two upgrade orders placed close
 * together were both charged). Before a checkout starts, the company's slot is claimed atomically (insert, or a
 * revision-checked replace of a slot that is no longer open); a request for the same change while the order is
 * open gets that order back (same payment, same checkout page), a different change gets 409
 * PAYMENT.IN_PROGRESS. The slot is open while its payment is pending and younger than OPEN_ORDER_TTL_MS; a
 * completed or failed payment, or a checkout that failed to start, frees it. An expired slot's order is cancelled
 * at the provider before the slot is taken (ADR 0055): a late payer cannot pay it beside the new one.
 */
export function openOrders(documents: DocumentStore, deps: OpenOrdersDeps) {
  const slots: Collection<OpenOrder> = documents.collection<OpenOrder>('open_orders');

  /** this request's claim, or the open order it must answer with / be refused by */
  async function claim(
    tenantId: string,
    intent: string,
  ): Promise<{ mine: OpenOrder } | { theirs: OpenOrder }> {
    return retryLostRace(
      async () => {
        const current = await slots.get(tenantId);
        if (current && (await isOpen(deps, current))) return { theirs: current };
        // an expired checkout may still be paid at the provider: cancelled there first, or no new one
        if (current) await deps.release(current.paymentId);
        const mine: OpenOrder = {
          _id: tenantId,
          intent,
          paymentId: randomUUID(),
          claimedAt: deps.clock().toISOString(),
          started: null,
        };
        if (current) await slots.update(mine, { expectedRevision: current._rev });
        else await slots.insert(mine);
        return { mine };
      },
      { maxAttempts: 10 },
    );
  }

  return {
    /**
     * `start(paymentId)` runs only for the request that claimed the slot; every other request for the same
     * intent gets its result, a request for another intent 409.
     */
    async once(
      tenantId: string,
      intent: string,
      start: (paymentId: string) => Promise<StartedPayment>,
    ): Promise<StartedPayment> {
      const claimed = await claim(tenantId, intent);
      if ('theirs' in claimed) {
        if (claimed.theirs.intent !== intent) throw new PaymentInProgressError();
        return claimed.theirs.started ?? startedBy(slots, tenantId, claimed.theirs.paymentId);
      }
      const { mine } = claimed;
      try {
        const started = await start(mine.paymentId);
        const slot = await slots.get(tenantId);
        if (slot?.paymentId === mine.paymentId)
          await slots.update({ ...mine, started }, { expectedRevision: slot._rev });
        return started;
      } catch (error) {
        const slot = await slots.get(tenantId);
        if (slot?.paymentId === mine.paymentId)
          await slots.delete(tenantId, { expectedRevision: slot._rev }).catch(() => false);
        throw error;
      }
    },
  };
}
