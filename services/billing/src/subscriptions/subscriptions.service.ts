import { type PaidPlanId, type TenantSubscription } from '@punkto/contracts/billing';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import type { BillingMails } from '../mail/billing-mails';
import { customerLimitOf, planName, priceOf } from '../plans/plans';
import type { BillingTenants } from '../tenants/billing-tenants';
import type { ActiveCustomers } from '../usage/active-customers';
import { daysLeft } from './billing-periods';
import {
  checkAgainAt,
  notifyCompany,
  readSubscription,
  scheduleFor,
  sweepSubscriptions,
  trialReminder,
  type SubscriptionCollection,
} from './subscription-jobs';
import {
  evolve,
  initialState,
  periodEndCheckAt,
  toSubscriptionStreamId,
  type Subscription,
  type SubscriptionEvent,
} from './subscription';
import {
  planChangeOutcome,
  subscriptionDecider,
  type PaymentPurpose,
  type PlanChangeOutcome,
  type SubscriptionCommand,
} from './subscription.decider';
import { PlanBelowUsageError, SubscriptionNotFoundError } from './subscription.errors';

interface SubscriptionsDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  scheduler: Scheduler;
  mailer: Mailer;
  mails: BillingMails;
  tenants: BillingTenants;
  usage: ActiveCustomers;
  logger: Logger;
  clock: () => Date;
  trialDays: number;
}

type Distribute<T> = T extends { type: infer K; data: infer D }
  ? { type: K; data: Omit<D, 'tenantId'> }
  : never;
type CommandInput = Distribute<SubscriptionCommand>;

/** the subscriptions' stream handler, projected into `subscriptions` */
function subscriptionAggregate(eventStore: EventStore, collection: SubscriptionCollection) {
  return projectedCommandHandler({
    eventStore,
    decider: subscriptionDecider,
    streamId: toSubscriptionStreamId,
    collection,
    apply: (current: Subscription | null, event: SubscriptionEvent) =>
      evolve(current ?? initialState(), event) as Subscription,
  });
}

/** What every subscription use case may need: the ports of `SubscriptionsDeps`, the projection, the stream. */
type SubscriptionsContext = Omit<SubscriptionsDeps, 'eventStore' | 'documents'> & {
  collection: SubscriptionCollection;
  aggregate: ReturnType<typeof subscriptionAggregate>;
};

/** a command on the tenant's subscription, then the jobs its new state needs and the e-mails its events call for */
async function runSubscriptionCommand(
  ctx: SubscriptionsContext,
  tenantId: string,
  input: CommandInput,
  actorId?: string,
) {
  const command = {
    ...input,
    data: { ...input.data, tenantId },
    metadata: { now: ctx.clock() },
  } as SubscriptionCommand;
  const result = await ctx.aggregate.run(tenantId, command, { tenantId, ...(actorId && { actorId }) });
  if (result.newState.status !== 'none' && result.newEvents.length) {
    await scheduleFor(ctx, result.newState);
    await notifyCompany(ctx, result.newEvents as SubscriptionEvent[], result.newState);
  }
  return result;
}

async function existingSubscription(ctx: SubscriptionsContext, tenantId: string): Promise<Subscription> {
  const s = await readSubscription(ctx.collection, tenantId);
  if (!s) throw new SubscriptionNotFoundError();
  return s;
}

async function subscriptionView(ctx: SubscriptionsContext, tenantId: string): Promise<TenantSubscription> {
  const s = await existingSubscription(ctx, tenantId);
  const now = ctx.clock();
  const paying = (s.status === 'active' || s.status === 'past_due') && !s.cancelAtPeriodEnd;
  const next =
    s.pendingChange ?? (s.planId === 'trial' ? null : { planId: s.planId, isForYear: s.isForYear });
  return {
    tenantId,
    planId: s.planId,
    planName: planName(s.planId),
    status: s.status,
    isForYear: s.isForYear,
    periodEnd: s.periodEnd,
    trialDaysLeft: s.status === 'trialing' ? daysLeft(s.periodEnd, now) : 0,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    pendingChange: s.pendingChange,
    nextChargeGrosze: paying && next ? priceOf(next.planId, next.isForYear).grossGrosze : null,
    nextRetryAt: s.nextRetryAt,
    writable: s.status === 'trialing' || s.status === 'active' || s.status === 'past_due',
    customerLimit: customerLimitOf(s.planId),
    activeCustomers: await ctx.usage.count(tenantId),
  };
}

/** the outcome of a requested change; a schedulable one is recorded */
async function changePlan(
  ctx: SubscriptionsContext,
  tenantId: string,
  actorId: string,
  target: { planId: PaidPlanId; isForYear: boolean },
): Promise<{ outcome: PlanChangeOutcome; subscription: TenantSubscription }> {
  const s = await existingSubscription(ctx, tenantId);
  const activeCustomers = await ctx.usage.count(tenantId);
  await runSubscriptionCommand(
    ctx,
    tenantId,
    { type: 'ChangePlan', data: { ...target, activeCustomers } },
    actorId,
  );
  const outcome = planChangeOutcome(s, target, ctx.clock());
  return { outcome, subscription: await subscriptionView(ctx, tenantId) };
}

/** what paying for this plan now costs and why (refuses a plan below the tenant's usage) */
async function priceFor(
  ctx: SubscriptionsContext,
  tenantId: string,
  target: { planId: PaidPlanId; isForYear: boolean },
) {
  const s = await existingSubscription(ctx, tenantId);
  if (s.companyClosed) throw new SubscriptionNotFoundError();
  const active = await ctx.usage.count(tenantId);
  const limit = customerLimitOf(target.planId);
  if (active > limit) throw new PlanBelowUsageError(active, limit);
  return planChangeOutcome(s, target, ctx.clock());
}

/**
 * The use cases of the Subscription aggregate: commands through the decider (projected into
 * `subscriptions`), the durable jobs each state needs (trial reminders, the trial's or period's end, dunning
 * retries; subscription-jobs.ts) and the e-mails its events call for, bound to the service's ports.
 */
export async function createSubscriptions(deps: SubscriptionsDeps) {
  const collection: SubscriptionCollection = deps.documents.collection('subscriptions');
  const ctx: SubscriptionsContext = {
    ...deps,
    collection,
    aggregate: subscriptionAggregate(deps.eventStore, collection),
  };
  const run = (tenantId: string, input: CommandInput, actorId?: string) =>
    runSubscriptionCommand(ctx, tenantId, input, actorId);
  const view = (tenantId: string) => subscriptionView(ctx, tenantId);
  return {
    get: (tenantId: string): Promise<Subscription | null> => readSubscription(collection, tenantId),
    view,
    existing: (tenantId: string) => existingSubscription(ctx, tenantId),
    run,
    async startTrial(tenantId: string, createdAt: string) {
      await run(tenantId, { type: 'StartTrial', data: { createdAt, trialDays: deps.trialDays } });
    },
    changePlan: (tenantId: string, actorId: string, target: { planId: PaidPlanId; isForYear: boolean }) =>
      changePlan(ctx, tenantId, actorId, target),
    priceFor: (tenantId: string, target: { planId: PaidPlanId; isForYear: boolean }) =>
      priceFor(ctx, tenantId, target),
    async cancel(tenantId: string, actorId: string) {
      await run(tenantId, { type: 'CancelSubscription', data: {} }, actorId);
      return view(tenantId);
    },
    async resume(tenantId: string, actorId: string) {
      await run(tenantId, { type: 'ResumeSubscription', data: {} }, actorId);
      return view(tenantId);
    },
    async bookPayment(tenantId: string, payment: BookedPayment) {
      await run(tenantId, { type: 'BookPayment', data: payment });
    },
    /** the company was closed: the subscription ends at once (idempotent) */
    async closeForCompany(tenantId: string) {
      await run(tenantId, { type: 'CloseCompany', data: {} });
    },
    async recordRenewalFailure(tenantId: string, reason: string) {
      await run(tenantId, { type: 'RecordRenewalFailure', data: { reason } });
    },
    trialReminder: (tenantId: string, daysBefore: number, periodEnd: string) =>
      trialReminder(ctx, tenantId, daysBefore, periodEnd),
    sweep: () => sweepSubscriptions(ctx),
    checkAgainAt: (tenantId: string, runAt: Date) => checkAgainAt(ctx, tenantId, runAt),
    dunningDue: (s: Subscription) => periodEndCheckAt(s) ?? s.periodEnd,
  };
}

type BookedPayment = {
  paymentId: string;
  purpose: PaymentPurpose;
  planId: PaidPlanId;
  isForYear: boolean;
  amountGrosze: number;
};

export type Subscriptions = Awaited<ReturnType<typeof createSubscriptions>>;
