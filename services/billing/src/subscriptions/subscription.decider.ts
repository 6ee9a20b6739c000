import type { PaidPlanId } from '@punkto/contracts/billing';
import { type Command, type Decider } from '@punkto/platform/es/decider';
import { customerLimitOf, priceOf } from '../plans/plans';
import {
  addDays,
  addPeriod,
  DUNNING_RETRY_DAYS,
  isUpgrade,
  TRIAL_MS,
  upgradeAmount,
} from './billing-periods';
import {
  entitlementOf,
  evolve,
  initialState,
  type Subscription,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription';
import {
  NotCancellableError,
  NotResumableError,
  PlanBelowUsageError,
  SubscriptionNotFoundError,
} from './subscription.errors';

/**
 * Commands of the Subscription aggregate; time arrives in `metadata.now`. The rules (ADR 0025):
 * - the trial lasts 14 days from the tenant's creation (from now for a company billing learns of more than a
 *   day late: one that existed before billing); paying during it keeps the unused trial days;
 * - an upgrade (a plan with a higher customer limit) is paid now, prorated, and starts a new period now;
 *   a downgrade or a change of cycle takes effect at the period's end, when the renewal charges it;
 * - a cancellation takes effect at the period's end and can be withdrawn before then;
 * - a failed renewal makes the subscription past_due; retries after 1, 3 and 7 days, then it lapses;
 * - a booked payment is never ignored: whatever the state, it buys a period (idempotent per payment) —
 *   except for a closed company;
 * - closing the company (ADR 0047) cancels the subscription at once, whatever its state; afterwards nothing
 *   renews, nothing is bought and no command changes it.
 */
export type PaymentPurpose = 'purchase' | 'upgrade' | 'renewal';

export type StartTrial = Command<'StartTrial', { tenantId: string; createdAt: string; trialDays: number }>;
export type BookPayment = Command<
  'BookPayment',
  {
    tenantId: string;
    paymentId: string;
    purpose: PaymentPurpose;
    planId: PaidPlanId;
    isForYear: boolean;
    amountGrosze: number;
  }
>;
export type ChangePlan = Command<
  'ChangePlan',
  { tenantId: string; planId: PaidPlanId; isForYear: boolean; activeCustomers: number }
>;
export type CancelSubscription = Command<'CancelSubscription', { tenantId: string }>;
export type ResumeSubscription = Command<'ResumeSubscription', { tenantId: string }>;
export type ExpireTrial = Command<'ExpireTrial', { tenantId: string }>;
export type EndPeriod = Command<'EndPeriod', { tenantId: string }>;
export type RecordRenewalFailure = Command<'RecordRenewalFailure', { tenantId: string; reason: string }>;
export type CloseCompany = Command<'CloseCompany', { tenantId: string }>;

export type SubscriptionCommand =
  | StartTrial
  | BookPayment
  | ChangePlan
  | CancelSubscription
  | ResumeSubscription
  | ExpireTrial
  | EndPeriod
  | RecordRenewalFailure
  | CloseCompany;

/** What a requested plan change means now (pure; used by change-plan and initiate-payment). */
export type PlanChangeOutcome =
  | { kind: 'unchanged' }
  | { kind: 'scheduled'; effectiveAt: string }
  | { kind: 'payment_required'; purpose: 'purchase' | 'upgrade' | 'renewal'; amountGrosze: number };

export function planChangeOutcome(
  state: SubscriptionState,
  target: { planId: PaidPlanId; isForYear: boolean },
  now: Date,
): PlanChangeOutcome {
  if (state.status === 'none') throw new SubscriptionNotFoundError();
  const paying = state.status === 'active' || state.status === 'past_due';
  if (!paying) {
    return {
      kind: 'payment_required',
      purpose: 'purchase',
      amountGrosze: priceOf(target.planId, target.isForYear).grossGrosze,
    };
  }
  // past due: the renewal the card could not pay can be paid now (with another card, which is then saved)
  const due = state.pendingChange ?? { planId: state.planId as PaidPlanId, isForYear: state.isForYear };
  if (state.status === 'past_due' && due.planId === target.planId && due.isForYear === target.isForYear)
    return {
      kind: 'payment_required',
      purpose: 'renewal',
      amountGrosze: priceOf(target.planId, target.isForYear).grossGrosze,
    };
  if (state.planId === target.planId && state.isForYear === target.isForYear) return { kind: 'unchanged' };
  if (isUpgrade(state.planId, target.planId))
    return { kind: 'payment_required', purpose: 'upgrade', amountGrosze: upgradeAmount(state, target, now) };
  return { kind: 'scheduled', effectiveAt: state.periodEnd };
}

type CommandOf<K extends SubscriptionCommand['type']> = Extract<SubscriptionCommand, { type: K }>;

/** the event with the entitlement it results in, from `state` */
function entitlementFrom(state: SubscriptionState) {
  return <K extends SubscriptionEvent['type']>(event: {
    type: K;
    data: Omit<Extract<SubscriptionEvent, { type: K }>['data'], 'entitlement'>;
  }): Extract<SubscriptionEvent, { type: K }> => {
    const draft = {
      ...event,
      data: { ...event.data, entitlement: undefined },
    } as unknown as SubscriptionEvent;
    const next = evolve(state, draft) as Subscription;
    return { ...event, data: { ...event.data, entitlement: entitlementOf(next) } } as unknown as Extract<
      SubscriptionEvent,
      { type: K }
    >;
  };
}
/** what every decision of one command needs: its time, its tenant, the entitlement stamp of `state` */
interface Decision {
  now: Date;
  at: string;
  tenantId: string;
  withEntitlement: ReturnType<typeof entitlementFrom>;
}

/** BookPayment: the period a payment buys (nothing for a payment booked before) */
function bookPayment(
  command: CommandOf<'BookPayment'>,
  state: SubscriptionState,
  { now, at, tenantId, withEntitlement }: Decision,
): SubscriptionEvent[] {
  const { paymentId, purpose, planId, isForYear, amountGrosze } = command.data;
  if (state.status !== 'none' && state.paymentIds.includes(paymentId)) return [];
  const paid = { tenantId, at, planId, isForYear, paymentId, amountGrosze };
  const current = state.status === 'none' ? null : state;
  const paying = current?.status === 'active' || current?.status === 'past_due';
  if (paying && purpose === 'upgrade') {
    // bought in the trial, the paid period starts when the trial ends: an upgrade keeps that start (ADR 0039)
    const periodStart = Date.parse(current!.periodStart) > now.getTime() ? current!.periodStart : at;
    return [
      withEntitlement({
        type: 'SubscriptionUpgraded',
        data: { ...paid, periodStart, periodEnd: addPeriod(periodStart, isForYear) },
      }),
    ];
  }
  if (paying) {
    // a renewal (or a second purchase while paid up) buys the period after the current one
    const periodStart = current!.periodEnd;
    return [
      withEntitlement({
        type: 'SubscriptionRenewed',
        data: { ...paid, periodStart, periodEnd: addPeriod(periodStart, isForYear) },
      }),
    ];
  }
  // trialing, lapsed, cancelled (or an upgrade paid after the subscription lapsed): a new period from
  // now; in a running trial the paid period starts when the trial ends (its unused days are kept)
  const trialLeft = current?.status === 'trialing' && Date.parse(current.periodEnd) > now.getTime();
  const base = trialLeft ? current!.periodEnd : at;
  return [
    withEntitlement({
      type: 'SubscriptionActivated',
      data: { ...paid, periodStart: base, periodEnd: addPeriod(base, isForYear) },
    }),
  ];
}

/** ChangePlan: a downgrade or term change scheduled for the period end (or withdrawn); upgrades are paid */
function changePlan(
  command: CommandOf<'ChangePlan'>,
  state: SubscriptionState,
  { now, at, tenantId, withEntitlement }: Decision,
): SubscriptionEvent[] {
  if (state.status === 'none') throw new SubscriptionNotFoundError();
  const s = state;
  const limit = customerLimitOf(command.data.planId);
  if (command.data.activeCustomers > limit)
    throw new PlanBelowUsageError(command.data.activeCustomers, limit);
  const outcome = planChangeOutcome(s, command.data, now);
  if (outcome.kind === 'unchanged')
    return s.pendingChange ? [withEntitlement({ type: 'PlanChangeWithdrawn', data: { tenantId, at } })] : [];
  if (outcome.kind === 'payment_required') return [];
  const same =
    s.pendingChange?.planId === command.data.planId && s.pendingChange.isForYear === command.data.isForYear;
  if (same) return [];
  return [
    withEntitlement({
      type: 'PlanChangeScheduled',
      data: {
        tenantId,
        at,
        planId: command.data.planId,
        isForYear: command.data.isForYear,
        effectiveAt: outcome.effectiveAt,
      },
    }),
  ];
}

/** RecordRenewalFailure: a dunning retry scheduled, or the subscription lapses after the last one */
function recordRenewalFailure(
  command: CommandOf<'RecordRenewalFailure'>,
  state: SubscriptionState,
  { now, at, tenantId, withEntitlement }: Decision,
): SubscriptionEvent[] {
  if (state.status !== 'active' && state.status !== 'past_due') return [];
  if (Date.parse(state.periodEnd) > now.getTime()) return [];
  const attempt = state.failedAttempts + 1;
  const retryDays = DUNNING_RETRY_DAYS[attempt - 1];
  const nextRetryAt = retryDays === undefined ? null : addDays(state.periodEnd, retryDays);
  const failed = withEntitlement({
    type: 'RenewalFailed',
    data: { tenantId, at, attempt, reason: command.data.reason, nextRetryAt },
  });
  if (nextRetryAt) return [failed];
  const afterFailure = evolve(state, failed);
  const lapsed = {
    type: 'SubscriptionLapsed' as const,
    data: {
      tenantId,
      at,
      reason: 'payment_failed' as const,
      entitlement: entitlementOf({ ...(afterFailure as Subscription), status: 'lapsed' }),
    },
  };
  return [failed, lapsed];
}

/** a closed company's subscription: the owner's commands are refused, the rest changes nothing */
function afterClosing(command: SubscriptionCommand): SubscriptionEvent[] {
  if (command.type === 'ChangePlan' || command.type === 'CancelSubscription')
    throw new SubscriptionNotFoundError();
  if (command.type === 'ResumeSubscription') throw new NotResumableError();
  return [];
}

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  const now = command.metadata.now;
  const at = now.toISOString();
  const { tenantId } = command.data;
  const withEntitlement = entitlementFrom(state);
  const decision: Decision = { now, at, tenantId, withEntitlement };
  const sub = (): Subscription => {
    if (state.status === 'none') throw new SubscriptionNotFoundError();
    return state;
  };

  if (state.status !== 'none' && state.companyClosed) return afterClosing(command);

  switch (command.type) {
    case 'StartTrial': {
      if (state.status !== 'none') return [];
      // a company that existed before billing learnt of it (billing deployed later) gets its full trial from now
      const created = Date.parse(command.data.createdAt);
      const start = now.getTime() - created > TRIAL_MS(1) ? now.getTime() : created;
      const trialEndsAt = new Date(start + TRIAL_MS(command.data.trialDays)).toISOString();
      return [withEntitlement({ type: 'TrialStarted', data: { tenantId, at, trialEndsAt } })];
    }

    case 'BookPayment':
      return bookPayment(command, state, decision);

    case 'ChangePlan':
      return changePlan(command, state, decision);

    case 'CancelSubscription': {
      const s = sub();
      if (s.status !== 'active' && s.status !== 'past_due') throw new NotCancellableError();
      if (s.cancelAtPeriodEnd) return [];
      return [
        withEntitlement({ type: 'CancellationScheduled', data: { tenantId, at, effectiveAt: s.periodEnd } }),
      ];
    }

    case 'ResumeSubscription': {
      const s = sub();
      if (!s.cancelAtPeriodEnd || Date.parse(s.periodEnd) <= now.getTime()) throw new NotResumableError();
      return [withEntitlement({ type: 'CancellationWithdrawn', data: { tenantId, at } })];
    }

    case 'ExpireTrial': {
      if (state.status !== 'trialing' || Date.parse(state.periodEnd) > now.getTime()) return [];
      return [withEntitlement({ type: 'SubscriptionLapsed', data: { tenantId, at, reason: 'trial_ended' } })];
    }

    case 'EndPeriod': {
      if (state.status !== 'active' || Date.parse(state.periodEnd) > now.getTime()) return [];
      if (!state.cancelAtPeriodEnd) return [];
      return [
        withEntitlement({ type: 'SubscriptionCancelled', data: { tenantId, at, reason: 'period_end' } }),
      ];
    }

    case 'CloseCompany':
      if (state.status === 'none' || state.companyClosed) return [];
      return [
        withEntitlement({ type: 'SubscriptionCancelled', data: { tenantId, at, reason: 'company_closed' } }),
      ];

    case 'RecordRenewalFailure':
      return recordRenewalFailure(command, state, decision);

    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${String((_exhaustive as { type: string }).type)}`);
    }
  }
}

export const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  decide,
  evolve,
  initialState,
};
