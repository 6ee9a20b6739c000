import type { PaidPlanId } from '@punkto/contracts/billing';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import type { Logger } from '@punkto/platform/observability/logger';
import {
  LIVE_DOCUMENTS,
  readProjection,
  type ProjectionDoc,
  type Tombstone,
} from '@punkto/platform/projections/projection';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import type { BillingMails } from '../mail/billing-mails';
import { priceOf } from '../plans/plans';
import type { BillingTenants } from '../tenants/billing-tenants';
import { periodEndCheckAt, type Subscription, type SubscriptionEvent } from './subscription';

/**
 * What a subscription's state calls for besides its events: the durable jobs (trial reminders, the trial's or
 * period's end, dunning retries), the sweep that re-creates lost period-end jobs, and the company's e-mails.
 */
export const TRIAL_REMINDER_JOB = 'billing.trial-reminder';
export const PERIOD_END_JOB = 'billing.period-end';
const TRIAL_REMINDER_DAYS = [3, 1] as const;
/** the periodic sweep that re-creates period-end jobs lost between an append and its scheduling */
export const SWEEP_JOB = 'billing.sweep';
export const SWEEP_JOB_ID = 'billing-sweep';
const LIVE_STATUSES = ['trialing', 'active', 'past_due'];
const periodEndJobId = (tenantId: string) => `period-end:${tenantId}`;

export type SubscriptionCollection = Collection<ProjectionDoc<Subscription> | Tombstone>;
type MailDeps = { tenants: BillingTenants; mailer: Mailer; mails: BillingMails; logger: Logger };
type JobDeps = { scheduler: Scheduler; clock: () => Date };

export const readSubscription = (collection: SubscriptionCollection, tenantId: string) =>
  readProjection<Subscription>(collection, tenantId);

/** an e-mail to the company's address; none (logged) while the company has no address yet */
async function mailCompany(
  deps: Omit<MailDeps, 'mails'>,
  tenantId: string,
  build: (to: string, company: string) => Parameters<Mailer['send']>[0],
) {
  const tenant = await deps.tenants.get(tenantId);
  const to = deps.tenants.emailOf(tenant);
  if (!tenant || !to) {
    deps.logger.warn({ tenantId }, 'billing e-mail not sent: the company has no e-mail address yet');
    return;
  }
  await deps.mailer.send(build(to, tenant.companyName));
}

/** the period-end job alone (the sweep re-creates only this one: a lost reminder is one e-mail less) */
async function schedulePeriodEnd(deps: Pick<JobDeps, 'scheduler'>, s: Subscription) {
  const id = periodEndJobId(s.tenantId);
  const endAt = periodEndCheckAt(s);
  if (endAt)
    await deps.scheduler.schedule({
      id,
      type: PERIOD_END_JOB,
      runAt: new Date(endAt),
      payload: { tenantId: s.tenantId },
    });
  else await deps.scheduler.cancel(id);
}

/** the jobs the subscription's state needs (scheduling an existing id replaces it) */
export async function scheduleFor(deps: JobDeps, s: Subscription) {
  const t = s.tenantId;
  const now = deps.clock().getTime();
  const ids = { reminder: (d: number) => `trial-reminder-${d}:${t}` };
  if (s.status === 'trialing') {
    for (const d of TRIAL_REMINDER_DAYS) {
      const runAt = new Date(Date.parse(s.periodEnd) - d * 86_400_000);
      if (runAt.getTime() > now - 3_600_000)
        await deps.scheduler.schedule({
          id: ids.reminder(d),
          type: TRIAL_REMINDER_JOB,
          runAt,
          payload: { tenantId: t, daysBefore: d, periodEnd: s.periodEnd },
        });
    }
  } else for (const d of TRIAL_REMINDER_DAYS) await deps.scheduler.cancel(ids.reminder(d));
  await schedulePeriodEnd(deps, s);
}

/** the e-mails the new events call for (a failed renewal, a lapse) */
export async function notifyCompany(deps: MailDeps, events: SubscriptionEvent[], s: Subscription) {
  for (const event of events) {
    if (event.type === 'RenewalFailed') {
      const target = s.pendingChange ?? { planId: s.planId as PaidPlanId, isForYear: s.isForYear };
      const amount = priceOf(target.planId, target.isForYear).grossGrosze;
      await mailCompany(deps, s.tenantId, (to, company) =>
        deps.mails.renewalFailed(to, company, amount, event.data.nextRetryAt),
      );
    }
    if (event.type === 'SubscriptionLapsed')
      await mailCompany(deps, s.tenantId, (to, company) => deps.mails.lapsed(to, company, event.data.reason));
  }
}

/** job: the trial ends in `daysBefore` days */
export async function trialReminder(
  deps: MailDeps & { collection: SubscriptionCollection },
  tenantId: string,
  daysBefore: number,
  periodEnd: string,
) {
  const s = await readSubscription(deps.collection, tenantId);
  if (!s || s.status !== 'trialing' || s.periodEnd !== periodEnd) return;
  await mailCompany(deps, tenantId, (to, company) =>
    deps.mails.trialEndsSoon(to, company, daysBefore, s.periodEnd),
  );
}

/**
 * The sweep (periodically and at start): a live subscription whose period-end job is missing from this
 * process's scheduler — lost by a crash between appending an event and scheduling its job, or given up
 * after its retries — gets it again; a due one runs at once. In distributed mode each replica sweeps its
 * own scheduler, so a job may exist twice: the period-end handler and the renewal charge (one payment id
 * per subscription, period and attempt) are idempotent, so a second run charges nothing.
 */
export async function sweepSubscriptions(
  deps: Pick<JobDeps, 'scheduler'> & { collection: SubscriptionCollection; logger: Logger },
): Promise<string[]> {
  const rescheduled: string[] = [];
  const live = { $and: [LIVE_DOCUMENTS, { status: { $in: LIVE_STATUSES } }] };
  for await (const batch of deps.collection.scan(live, { sort: { _id: 1 } })) {
    for (const doc of batch) {
      if ('_deleted' in doc) continue;
      const s = doc as Subscription;
      const job = await deps.scheduler.get(periodEndJobId(s.tenantId));
      if (job && job.status === 'pending') continue;
      // re-read through the projection: the document may have moved on while the sweep ran
      const current = await readSubscription(deps.collection, s.tenantId);
      if (!current || !periodEndCheckAt(current)) continue;
      // only the period-end job: reminders scheduled by every replica's sweep would e-mail twice
      await schedulePeriodEnd(deps, current);
      rescheduled.push(s.tenantId);
    }
  }
  if (rescheduled.length)
    deps.logger.warn(
      { tenants: rescheduled },
      'billing sweep: period-end jobs were missing and are scheduled again',
    );
  return rescheduled;
}

/** re-arms the period-end job (a renewal still pending at the provider is looked at again later) */
export async function checkAgainAt(deps: Pick<JobDeps, 'scheduler'>, tenantId: string, runAt: Date) {
  await deps.scheduler.schedule({
    id: periodEndJobId(tenantId),
    type: PERIOD_END_JOB,
    runAt,
    payload: { tenantId },
  });
}
