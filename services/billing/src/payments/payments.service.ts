import { warsawFormat } from '@punkto/contracts/warsaw-time';
import type { PaidPlanId, PaymentOrder } from '@punkto/contracts/billing';
import { ConflictError } from '@punkto/platform/errors/errors';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import { readProjection, type ProjectionDoc, type Tombstone } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import type { Invoices } from '../invoices/invoices.service';
import type { BillingMails } from '../mail/billing-mails';
import { paidPlanLabel, priceOf } from '../plans/plans';
import { addPeriod } from '../subscriptions/billing-periods';
import { NothingToPayError } from '../subscriptions/subscription.errors';
import type { Subscriptions } from '../subscriptions/subscriptions.service';
import type { BillingTenants } from '../tenants/billing-tenants';
import type { PaymentMethods } from './payment-methods';
import {
  CardRefused,
  NotificationRejected,
  type PaymentNotification,
  type PaymentProvider,
} from './payment-provider.port';
import { evolve, initialState, toPaymentStreamId, type PaymentEvent, type PaymentState } from './payment';
import { paymentDecider, type PaymentCommand } from './payment.decider';
import {
  CardFormRequiredError,
  CardRefusedError,
  CardTokenUnsupportedError,
  NotificationRefusedError,
  PaymentNotFoundError,
} from './payment.errors';

type PaymentRecord = Exclude<PaymentState, { status: 'none' }>;

export interface PaymentsDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  provider: PaymentProvider;
  subscriptions: Subscriptions;
  invoices: Invoices;
  methods: PaymentMethods;
  tenants: BillingTenants;
  mailer: Mailer;
  mails: BillingMails;
  logger: Logger;
  clock: () => Date;
  publicUrl: string;
  notifyUrl: string;
}

const ddmmyyyy = warsawFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * Payments through the provider port: starting a checkout, booking verified notifications (idempotent;
 * wrong amount or signature refused and logged), renewal charges of the saved card, and what a completed
 * payment brings: the subscription's period, the saved card, the VAT invoice, the e-mail. Every step is
 * idempotent, and the notification is answered 200 only after all of them, so the provider's resending
 * finishes whatever a crash interrupted. A completed payment is booked whatever happened to the
 * subscription meanwhile.
 */
export async function createPayments(deps: PaymentsDeps) {
  const { provider, subscriptions, invoices, methods, tenants, logger, clock } = deps;
  const collection = deps.documents.collection<ProjectionDoc<PaymentRecord> | Tombstone>('payments');
  await collection.ensureIndex({ fields: { 'order.tenantId': 1 }, name: 'payments_tenant' });
  const aggregate = projectedCommandHandler({
    eventStore: deps.eventStore,
    decider: paymentDecider,
    streamId: toPaymentStreamId,
    collection,
    apply: (current: PaymentRecord | null, event: PaymentEvent) =>
      evolve(current ?? initialState(), event) as PaymentRecord,
  });
  const run = (paymentId: string, tenantId: string, command: Omit<PaymentCommand, 'metadata'>) =>
    aggregate.run(paymentId, { ...command, metadata: { now: clock() } } as PaymentCommand, { tenantId });
  const find = (paymentId: string) => readProjection<PaymentRecord>(collection, paymentId);

  async function buyerOf(tenantId: string, email: string | undefined) {
    const tenant = await tenants.get(tenantId);
    return {
      email: email ?? tenants.emailOf(tenant) ?? '',
      name: tenant?.companyName ?? tenantId,
      language: 'pl' as const,
    };
  }

  /** books a COMPLETED payment: the period, the card, the invoice, the e-mail (each idempotent) */
  async function bookCompleted(notification: PaymentNotification): Promise<void> {
    const record = await find(notification.paymentId);
    if (!record) throw new PaymentNotFoundError();
    const { order } = record;
    const result = await run(order.paymentId, order.tenantId, {
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
    if (completed.savedCard)
      await methods.save(order.tenantId, completed.savedCard, {
        makeDefault: order.purpose !== 'card_verification',
      });
    if (order.purpose !== 'card_verification' && order.planId)
      await subscriptions.bookPayment(order.tenantId, {
        paymentId: order.paymentId,
        purpose: order.purpose,
        planId: order.planId,
        isForYear: order.isForYear,
        amountGrosze: order.amountGrosze,
      });
    let invoiceNumber: string | null = null;
    if (order.amountGrosze > 0) {
      const buyer = await tenants.get(order.tenantId);
      if (!buyer) throw new Error(`tenant ${order.tenantId} not known to billing yet; the invoice waits`);
      const sub = await subscriptions.get(order.tenantId);
      const period =
        sub && sub.paymentIds.includes(order.paymentId)
          ? `, ${ddmmyyyy(sub.periodStart)}–${ddmmyyyy(sub.periodEnd)}`
          : '';
      const invoice = await invoices.issue(
        {
          tenantId: order.tenantId,
          paymentId: order.paymentId,
          description: order.description,
          lineName: `Abonament Punkto — ${order.description.replace(/^Punkto — /, '')}${period}`,
          grossGrosze: order.amountGrosze,
          paidAt: completed.completedAt,
        },
        buyer,
      );
      invoiceNumber = invoice.number;
    }
    if (result.newEvents.length) {
      const tenant = await tenants.get(order.tenantId);
      const to = tenants.emailOf(tenant);
      if (to && order.amountGrosze > 0)
        await deps.mailer.send(
          deps.mails.paymentReceived(to, tenant!.companyName, order.amountGrosze, invoiceNumber),
        );
    }
  }

  async function apply(notification: PaymentNotification) {
    const record = await find(notification.paymentId);
    if (!record) throw new PaymentNotFoundError();
    if (notification.status === 'COMPLETED') return bookCompleted(notification);
    if (notification.status === 'CANCELED')
      await run(record.order.paymentId, record.order.tenantId, {
        type: 'FailPayment',
        data: { reason: 'canceled' },
      });
  }

  async function start(
    tenantId: string,
    input: {
      purpose: PaymentRecord['order']['purpose'];
      planId: PaidPlanId | null;
      isForYear: boolean;
      amountGrosze: number;
      description: string;
    },
    payer: { email?: string; ip: string; cardToken?: string },
  ) {
    const paymentId = randomUUID();
    const checkout = await provider
      .startCheckout({
        paymentId,
        tenantId,
        description: input.description,
        amountGrosze: input.amountGrosze,
        currency: 'PLN',
        buyer: await buyerOf(tenantId, payer.email),
        customerIp: payer.ip,
        continueUrl: `${deps.publicUrl}/subskrypcja/sukces?paymentId=${paymentId}`,
        notifyUrl: deps.notifyUrl,
        // PayU's card form: the first payment with the TOK_ saves the card (recurring FIRST → TOKC_)
        ...(payer.cardToken && { cardToken: payer.cardToken }),
      })
      .catch((error: unknown) => {
        if (!(error instanceof CardRefused)) throw error;
        logger.info({ reason: error.reason, tenantId }, 'card from the card form refused by the provider');
        throw new CardRefusedError();
      });
    await run(paymentId, tenantId, {
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

  /** the provider's view of a pending order, booked as if notified (a lost notification) */
  async function reconcile(record: PaymentRecord) {
    if (record.status !== 'pending' || !record.order.providerOrderId) return;
    const seen = await provider.getOrder(record.order.providerOrderId);
    if (seen.paymentId !== record.order.paymentId) return;
    if (seen.status === 'COMPLETED' || seen.status === 'CANCELED')
      await apply({
        providerOrderId: record.order.providerOrderId,
        paymentId: record.order.paymentId,
        status: seen.status,
        amountGrosze: seen.amountGrosze,
        currency: 'PLN',
      });
  }

  /** sends the renewal order for a recorded payment to the provider (again: the provider dedupes by id) */
  async function submitRenewal(
    order: PaymentRecord['order'],
    cardToken: string,
  ): Promise<'completed' | 'failed' | 'pending'> {
    const { paymentId, tenantId, amountGrosze, description } = order;
    const charged = await provider.chargeSavedCard({
      paymentId,
      tenantId,
      description,
      amountGrosze,
      currency: 'PLN',
      buyer: await buyerOf(tenantId, undefined),
      cardToken,
      notifyUrl: deps.notifyUrl,
      customerIp: '127.0.0.1',
    });
    if (charged.status === 'COMPLETED') {
      await bookCompleted({
        providerOrderId: charged.providerOrderId,
        paymentId,
        status: 'COMPLETED',
        amountGrosze,
        currency: 'PLN',
      });
      return 'completed';
    }
    if (charged.status === 'CANCELED') {
      await run(paymentId, tenantId, {
        type: 'FailPayment',
        data: { reason: charged.declineReason ?? 'declined' },
      });
      await subscriptions.recordRenewalFailure(tenantId, charged.declineReason ?? 'declined');
      return 'failed';
    }
    return 'pending';
  }

  return {
    find,

    async initiate(
      tenantId: string,
      target: { planId: PaidPlanId; isForYear: boolean },
      payer: { email?: string; ip: string; cardToken?: string },
    ) {
      // the sandbox takes the card on its own checkout page; a token is PayU's card form's
      if (payer.cardToken && provider.name !== 'payu') throw new CardTokenUnsupportedError();
      await tenants.rememberPayer(tenantId, payer.email);
      const outcome = await subscriptions.priceFor(tenantId, target);
      if (outcome.kind !== 'payment_required') throw new NothingToPayError();
      const description = `Punkto — ${paidPlanLabel(target.planId, target.isForYear)}`;
      if (outcome.amountGrosze === 0) {
        // the unused credit covers the upgrade: nothing to take, booked at once (no invoice for 0 zł)
        const paymentId = randomUUID();
        await run(paymentId, tenantId, {
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
        await bookCompleted({
          providerOrderId: 'none',
          paymentId,
          status: 'COMPLETED',
          amountGrosze: 0,
          currency: 'PLN',
        });
        return { paymentId, amountGrosze: 0, redirectUri: null };
      }
      return start(
        tenantId,
        { purpose: outcome.purpose, ...target, amountGrosze: outcome.amountGrosze, description },
        payer,
      );
    },

    /**
     * A card verification without a charge (0 zł) that saves the card. The sandbox verifies on its own page;
     * PayU with the single-use `TOK_` of its card form: a 0 zł order with `recurring: FIRST` (PayU's documented
     * way to create a `TOKC_` without a purchase; card schemes forbid charging and cancelling to save a card),
     * 3-D Secure, and the `TOKC_` from the order's answer saved once the order is COMPLETED. No invoice, no
     * e-mail, no period: purpose `card_verification`, amount 0.
     */
    async addCard(tenantId: string, payer: { email?: string; ip: string; cardToken?: string }) {
      if (payer.cardToken && provider.name !== 'payu') throw new CardTokenUnsupportedError();
      if (!payer.cardToken && provider.name === 'payu') throw new CardFormRequiredError();
      await tenants.rememberPayer(tenantId, payer.email);
      return start(
        tenantId,
        {
          purpose: 'card_verification',
          planId: null,
          isForYear: false,
          amountGrosze: 0,
          description: 'Punkto — weryfikacja karty (0 zł)',
        },
        payer,
      );
    },

    /** the provider's notification: verified, checked against the order, booked once */
    async handleNotification(rawBody: Buffer, headers: Record<string, string | undefined>) {
      let notification: PaymentNotification;
      try {
        notification = provider.parseNotification(rawBody, headers);
      } catch (error) {
        if (!(error instanceof NotificationRejected)) throw error;
        logger.warn({ reason: error.reason }, 'payment notification rejected');
        throw new NotificationRefusedError(error.reason);
      }
      try {
        await apply(notification);
      } catch (error) {
        logger.warn(
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
    },

    async order(tenantId: string, paymentId: string): Promise<PaymentOrder> {
      let record = await find(paymentId);
      if (!record || record.order.tenantId !== tenantId) throw new PaymentNotFoundError();
      if (record.status === 'pending') {
        await reconcile(record).catch((error: unknown) =>
          logger.warn({ err: error, paymentId }, 'reconcile failed'),
        );
        record = (await find(paymentId))!;
      }
      const invoice = record.status === 'completed' ? await invoices.byPayment(paymentId) : null;
      return { ...toOrder(record), invoiceId: invoice?.id ?? null };
    },

    /**
     * The renewal charge at the period's end (or a dunning retry): the saved default card, the next plan's
     * price. Idempotent per subscription, period and attempt: the payment id is
     * `renewal.<tenant>.<periodEnd>.<attempt>`, only the runner whose PaymentInitiated was appended charges
     * (a second runner — another replica's job, the sweep's — loses the append and charges nothing), and the
     * provider refuses a second order with the same id (PayU's extOrderId, the sandbox's paymentId). A charge
     * left pending without an outcome (a crash right after the append, a lost notification) is sent again
     * after RENEWAL_RESUBMIT_MS with the same id: the provider answers with the order it already has.
     */
    async chargeRenewal(tenantId: string): Promise<'completed' | 'failed' | 'pending' | 'skipped'> {
      const sub = await subscriptions.get(tenantId);
      if (!sub || (sub.status !== 'active' && sub.status !== 'past_due')) return 'skipped';
      const target = sub.pendingChange ?? { planId: sub.planId as PaidPlanId, isForYear: sub.isForYear };
      const attempt = sub.failedAttempts + 1;
      const paymentId = renewalPaymentId(tenantId, sub.periodEnd, attempt);
      const existing = await find(paymentId);
      if (existing) {
        if (existing.status === 'pending') await reconcile(existing);
        const now = (await find(paymentId))!;
        if (now.status === 'completed') {
          await bookCompleted({
            providerOrderId: now.completed!.providerOrderId,
            paymentId,
            status: 'COMPLETED',
            amountGrosze: now.completed!.amountGrosze,
            currency: 'PLN',
          });
          return 'completed';
        }
        if (now.status === 'failed') {
          await subscriptions.recordRenewalFailure(tenantId, now.failureReason ?? 'declined');
          return 'failed';
        }
        const age = clock().getTime() - Date.parse(now.order.initiatedAt);
        if (age < RENEWAL_RESUBMIT_MS) return 'pending';
        const card = await methods.defaultCard(tenantId);
        if (!card) return 'pending';
        return submitRenewal(now.order, card.token);
      }
      const card = await methods.defaultCard(tenantId);
      if (!card) {
        await subscriptions.recordRenewalFailure(tenantId, 'no_saved_card');
        return 'failed';
      }
      const amountGrosze = priceOf(target.planId, target.isForYear).grossGrosze;
      const nextEnd = addPeriod(sub.periodEnd, target.isForYear);
      const description = `Punkto — ${paidPlanLabel(target.planId, target.isForYear)} (odnowienie do ${ddmmyyyy(nextEnd)})`;
      try {
        await run(paymentId, tenantId, {
          type: 'InitiatePayment',
          data: {
            paymentId,
            tenantId,
            purpose: 'renewal',
            ...target,
            amountGrosze,
            description,
            provider: provider.name,
            providerOrderId: null,
          },
        });
      } catch (error) {
        // another runner appended this renewal first: it charges, this one does not
        if (error instanceof ConflictError) return 'pending';
        throw error;
      }
      const initiated = (await find(paymentId))!;
      return submitRenewal(initiated.order, card.token);
    },
  };
}

/** one renewal payment per subscription, period and attempt: the idempotency key of the charge */
export const renewalPaymentId = (tenantId: string, periodEnd: string, attempt: number) =>
  `renewal.${tenantId}.${Date.parse(periodEnd)}.${attempt}`;

/** a renewal still pending this long without an outcome is sent to the provider again (same id) */
export const RENEWAL_RESUBMIT_MS = 2 * 3_600_000;

export type Payments = Awaited<ReturnType<typeof createPayments>>;
