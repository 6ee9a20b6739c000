import { type PaidPlanId, type TenantSubscription } from '@punkto/contracts/billing';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import { LIVE_DOCUMENTS, readProjection } from '@punkto/platform/projections/projection';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import type { BillingMails } from '../mail/billing-mails';
import { customerLimitOf, planName, priceOf } from '../plans/plans';
import type { BillingTenants } from '../tenants/billing-tenants';
import type { ActiveCustomers } from '../usage/active-customers';
import { daysLeft } from './billing-periods';
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

export const TRIAL_REMINDER_JOB = 'billing.trial-reminder';
export const PERIOD_END_JOB = 'billing.period-end';
export const TRIAL_REMINDER_DAYS = [3, 1] as const;
/** the periodic sweep that re-creates period-end jobs lost between an append and its scheduling */
export const SWEEP_JOB = 'billing.sweep';
export const SWEEP_JOB_ID = 'billing-sweep';
const LIVE_STATUSES = ['trialing', 'active', 'past_due'];
const periodEndJobId = (tenantId: string) => `period-end:${tenantId}`;

export interface SubscriptionsDeps {
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

/**
 * The use cases of the Subscription aggregate: commands through the decider (projected into
 * `subscriptions`), the durable jobs each state needs (trial reminders, the trial's or period's end, dunning
 * retries) and the e-mails its events call for.
 */
export async function createSubscriptions(deps: SubscriptionsDeps) {
  const { eventStore, documents, scheduler, mailer, mails, tenants, usage, logger, clock } = deps;
  const collection = documents.collection<ProjectionDoc<Subscription> | Tombstone>('subscriptions');
  const aggregate = projectedCommandHandler({
    eventStore,
    decider: subscriptionDecider,
    streamId: toSubscriptionStreamId,
    collection,
    apply: (current: Subscription | null, event: SubscriptionEvent) =>
      evolve(current ?? initialState(), event) as Subscription,
  });

  const get = async (tenantId: string): Promise<Subscription | null> =>
    readProjection<Subscription>(collection, tenantId);

  async function mailCompany(
    tenantId: string,
    build: (to: string, company: string) => Parameters<Mailer['send']>[0],
  ) {
    const tenant = await tenants.get(tenantId);
    const to = tenants.emailOf(tenant);
    if (!tenant || !to) {
      logger.warn({ tenantId }, 'billing e-mail not sent: the company has no e-mail address yet');
      return;
    }
    await mailer.send(build(to, tenant.companyName));
  }

  /** the jobs the subscription's state needs (scheduling an existing id replaces it) */
  async function scheduleFor(s: Subscription) {
    const t = s.tenantId;
    const now = clock().getTime();
    const ids = { reminder: (d: number) => `trial-reminder-${d}:${t}` };
    if (s.status === 'trialing') {
      for (const d of TRIAL_REMINDER_DAYS) {
        const runAt = new Date(Date.parse(s.periodEnd) - d * 86_400_000);
        if (runAt.getTime() > now - 3_600_000)
          await scheduler.schedule({
            id: ids.reminder(d),
            type: TRIAL_REMINDER_JOB,
            runAt,
            payload: { tenantId: t, daysBefore: d, periodEnd: s.periodEnd },
          });
      }
    } else for (const d of TRIAL_REMINDER_DAYS) await scheduler.cancel(ids.reminder(d));
    await schedulePeriodEnd(s);
  }

  /** the period-end job alone (the sweep re-creates only this one: a lost reminder is one e-mail less) */
  async function schedulePeriodEnd(s: Subscription) {
    const id = periodEndJobId(s.tenantId);
    const endAt = periodEndCheckAt(s);
    if (endAt)
      await scheduler.schedule({
        id,
        type: PERIOD_END_JOB,
        runAt: new Date(endAt),
        payload: { tenantId: s.tenantId },
      });
    else await scheduler.cancel(id);
  }

  async function notify(events: SubscriptionEvent[], s: Subscription) {
    for (const event of events) {
      if (event.type === 'RenewalFailed') {
        const target = s.pendingChange ?? { planId: s.planId as PaidPlanId, isForYear: s.isForYear };
        const amount = priceOf(target.planId, target.isForYear).grossGrosze;
        await mailCompany(s.tenantId, (to, company) =>
          mails.renewalFailed(to, company, amount, event.data.nextRetryAt),
        );
      }
      if (event.type === 'SubscriptionLapsed')
        await mailCompany(s.tenantId, (to, company) => mails.lapsed(to, company, event.data.reason));
    }
  }

  async function run(tenantId: string, input: CommandInput, actorId?: string) {
    const command = {
      ...input,
      data: { ...input.data, tenantId },
      metadata: { now: clock() },
    } as SubscriptionCommand;
    const result = await aggregate.run(tenantId, command, { tenantId, ...(actorId && { actorId }) });
    if (result.newState.status !== 'none' && result.newEvents.length) {
      await scheduleFor(result.newState);
      await notify(result.newEvents as SubscriptionEvent[], result.newState);
    }
    return result;
  }

  async function existing(tenantId: string): Promise<Subscription> {
    const s = await get(tenantId);
    if (!s) throw new SubscriptionNotFoundError();
    return s;
  }

  async function view(tenantId: string): Promise<TenantSubscription> {
    const s = await existing(tenantId);
    const now = clock();
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
      activeCustomers: await usage.count(tenantId),
    };
  }

  return {
    get,
    view,
    existing,
    run,

    async startTrial(tenantId: string, createdAt: string) {
      await run(tenantId, { type: 'StartTrial', data: { createdAt, trialDays: deps.trialDays } });
    },

    /** the outcome of a requested change; a schedulable one is recorded */
    async changePlan(
      tenantId: string,
      actorId: string,
      target: { planId: PaidPlanId; isForYear: boolean },
    ): Promise<{ outcome: PlanChangeOutcome; subscription: TenantSubscription }> {
      const s = await existing(tenantId);
      const activeCustomers = await usage.count(tenantId);
      await run(tenantId, { type: 'ChangePlan', data: { ...target, activeCustomers } }, actorId);
      const outcome = planChangeOutcome(s, target, clock());
      return { outcome, subscription: await view(tenantId) };
    },

    /** what paying for this plan now costs and why (refuses a plan below the tenant's usage) */
    async priceFor(tenantId: string, target: { planId: PaidPlanId; isForYear: boolean }) {
      const s = await existing(tenantId);
      const active = await usage.count(tenantId);
      const limit = customerLimitOf(target.planId);
      if (active > limit) throw new PlanBelowUsageError(active, limit);
      return planChangeOutcome(s, target, clock());
    },

    async cancel(tenantId: string, actorId: string) {
      await run(tenantId, { type: 'CancelSubscription', data: {} }, actorId);
      return view(tenantId);
    },
    async resume(tenantId: string, actorId: string) {
      await run(tenantId, { type: 'ResumeSubscription', data: {} }, actorId);
      return view(tenantId);
    },

    async bookPayment(
      tenantId: string,
      payment: {
        paymentId: string;
        purpose: PaymentPurpose;
        planId: PaidPlanId;
        isForYear: boolean;
        amountGrosze: number;
      },
    ) {
      await run(tenantId, { type: 'BookPayment', data: payment });
    },

    async recordRenewalFailure(tenantId: string, reason: string) {
      await run(tenantId, { type: 'RecordRenewalFailure', data: { reason } });
    },

    /** job: the trial ends in `daysBefore` days */
    async trialReminder(tenantId: string, daysBefore: number, periodEnd: string) {
      const s = await get(tenantId);
      if (!s || s.status !== 'trialing' || s.periodEnd !== periodEnd) return;
      await mailCompany(tenantId, (to, company) => mails.trialEndsSoon(to, company, daysBefore, s.periodEnd));
    },

    /**
     * The sweep (periodically and at start): a live subscription whose period-end job is missing from this
     * process's scheduler — lost by a crash between appending an event and scheduling its job, or given up
     * after its retries — gets it again; a due one runs at once. In distributed mode each replica sweeps its
     * own scheduler, so a job may exist twice: the period-end handler and the renewal charge (one payment id
     * per subscription, period and attempt) are idempotent, so a second run charges nothing.
     */
    async sweep(): Promise<string[]> {
      const rescheduled: string[] = [];
      const live = { $and: [LIVE_DOCUMENTS, { status: { $in: LIVE_STATUSES } }] };
      for await (const batch of collection.scan(live, { sort: { _id: 1 } })) {
        for (const doc of batch) {
          if ('_deleted' in doc) continue;
          const s = doc as Subscription;
          const job = await scheduler.get(periodEndJobId(s.tenantId));
          if (job && job.status === 'pending') continue;
          // re-read through the projection: the document may have moved on while the sweep ran
          const current = await get(s.tenantId);
          if (!current || !periodEndCheckAt(current)) continue;
          // only the period-end job: reminders scheduled by every replica's sweep would e-mail twice
          await schedulePeriodEnd(current);
          rescheduled.push(s.tenantId);
        }
      }
      if (rescheduled.length)
        logger.warn(
          { tenants: rescheduled },
          'billing sweep: period-end jobs were missing and are scheduled again',
        );
      return rescheduled;
    },

    /** re-arms the period-end job (a renewal still pending at the provider is looked at again later) */
    async checkAgainAt(tenantId: string, runAt: Date) {
      await scheduler.schedule({
        id: periodEndJobId(tenantId),
        type: PERIOD_END_JOB,
        runAt,
        payload: { tenantId },
      });
    },

    dunningDue: (s: Subscription) => periodEndCheckAt(s) ?? s.periodEnd,
  };
}

export type Subscriptions = Awaited<ReturnType<typeof createSubscriptions>>;
