import {
  isWritableStatus,
  type PaidPlanId,
  type PlanId,
  type SubscriptionStatus,
} from '@punkto/contracts/billing';
import { toStreamId } from '@punkto/contracts/events';
import type {
  CancellationScheduledData,
  CancellationWithdrawnData,
  PlanChangeScheduledData,
  PlanChangeWithdrawnData,
  RenewalFailedData,
  SubscriptionActivatedData,
  SubscriptionCancelledData,
  SubscriptionEntitlement,
  SubscriptionLapsedData,
  SubscriptionRenewedData,
  SubscriptionUpgradedData,
  TrialStartedData,
} from '@punkto/contracts/integration-events';
import type { z } from 'zod';
import { customerLimitOf } from '../plans/plans';

/**
 * The Subscription aggregate (stream `subscription-<tenantId>`): one per tenant, from the trial to lapse.
 * Events, state and evolve; pure. Published on billing.subscriptions.v1; every event carries the resulting
 * entitlement (plan limit, writable) for the tenant service and the card ledger.
 */
export const SUBSCRIPTION_STREAM_PREFIX = 'subscription-';
export const toSubscriptionStreamId = (tenantId: string) => toStreamId('subscription', tenantId);

type E<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type TrialStarted = E<'TrialStarted', typeof TrialStartedData>;
export type SubscriptionActivated = E<'SubscriptionActivated', typeof SubscriptionActivatedData>;
export type SubscriptionRenewed = E<'SubscriptionRenewed', typeof SubscriptionRenewedData>;
export type SubscriptionUpgraded = E<'SubscriptionUpgraded', typeof SubscriptionUpgradedData>;
export type PlanChangeScheduled = E<'PlanChangeScheduled', typeof PlanChangeScheduledData>;
export type PlanChangeWithdrawn = E<'PlanChangeWithdrawn', typeof PlanChangeWithdrawnData>;
export type CancellationScheduled = E<'CancellationScheduled', typeof CancellationScheduledData>;
export type CancellationWithdrawn = E<'CancellationWithdrawn', typeof CancellationWithdrawnData>;
export type RenewalFailed = E<'RenewalFailed', typeof RenewalFailedData>;
export type SubscriptionLapsed = E<'SubscriptionLapsed', typeof SubscriptionLapsedData>;
export type SubscriptionCancelled = E<'SubscriptionCancelled', typeof SubscriptionCancelledData>;

export type SubscriptionEvent =
  | TrialStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | SubscriptionUpgraded
  | PlanChangeScheduled
  | PlanChangeWithdrawn
  | CancellationScheduled
  | CancellationWithdrawn
  | RenewalFailed
  | SubscriptionLapsed
  | SubscriptionCancelled;

export interface PlanChoice {
  planId: PaidPlanId;
  isForYear: boolean;
}

export interface Subscription {
  status: SubscriptionStatus;
  tenantId: string;
  planId: PlanId;
  isForYear: boolean;
  periodStart: string;
  /** the trial's end or the end of the paid period */
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  pendingChange: PlanChoice | null;
  /** failed renewal charges of the current dunning (0 outside it) */
  failedAttempts: number;
  nextRetryAt: string | null;
  /** payments already booked (a replayed booking changes nothing) */
  paymentIds: string[];
  /** the company was closed (deleted): the subscription ended for good (ADR 0047); absent = false */
  companyClosed?: boolean;
}

export type SubscriptionState = { status: 'none' } | Subscription;

export const initialState = (): SubscriptionState => ({ status: 'none' });

export const entitlementOf = (s: Subscription): SubscriptionEntitlement => ({
  status: s.status,
  planId: s.planId,
  customerLimit: customerLimitOf(s.planId),
  writable: isWritableStatus(s.status),
  periodEnd: s.periodEnd,
});

/**
 * When the subscription's period-end job must run (the trial's end, the paid period's end, or the next dunning
 * retry), or null when nothing is left to do (lapsed, cancelled). The one rule behind scheduling after a
 * command and the sweep that re-creates a lost job.
 */
export function periodEndCheckAt(s: Subscription): string | null {
  switch (s.status) {
    case 'trialing':
    case 'active':
      return s.periodEnd;
    case 'past_due':
      return s.nextRetryAt ?? s.periodEnd;
    case 'lapsed':
    case 'cancelled':
      return null;
    default: {
      const _exhaustive: never = s.status;
      throw new Error(`unknown status ${String(_exhaustive)}`);
    }
  }
}

/** the job is due: its time has come at `now` (a sweep finding it missing runs it at once) */
export const periodEndIsDue = (s: Subscription, now: Date) => {
  const at = periodEndCheckAt(s);
  return at !== null && Date.parse(at) <= now.getTime();
};

const existing = (state: SubscriptionState): Subscription => {
  if (state.status === 'none') throw new Error('event on a subscription that does not exist');
  return state;
};

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'TrialStarted':
      return {
        status: 'trialing',
        tenantId: event.data.tenantId,
        planId: 'trial',
        isForYear: false,
        periodStart: event.data.at,
        periodEnd: event.data.trialEndsAt,
        cancelAtPeriodEnd: false,
        pendingChange: null,
        failedAttempts: 0,
        nextRetryAt: null,
        paymentIds: [],
      };
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed':
    case 'SubscriptionUpgraded': {
      const previous = state.status === 'none' ? null : state;
      const { planId, isForYear, periodStart, periodEnd, paymentId } = event.data;
      const keepCancel = event.type === 'SubscriptionUpgraded' && previous?.cancelAtPeriodEnd === true;
      return {
        status: 'active',
        tenantId: event.data.tenantId,
        planId,
        isForYear,
        periodStart,
        periodEnd,
        cancelAtPeriodEnd: keepCancel,
        pendingChange: null,
        failedAttempts: 0,
        nextRetryAt: null,
        paymentIds: [...(previous?.paymentIds ?? []), paymentId],
      };
    }
    case 'PlanChangeScheduled':
      return {
        ...existing(state),
        pendingChange: { planId: event.data.planId, isForYear: event.data.isForYear },
      };
    case 'PlanChangeWithdrawn':
      return { ...existing(state), pendingChange: null };
    case 'CancellationScheduled':
      return { ...existing(state), cancelAtPeriodEnd: true };
    case 'CancellationWithdrawn':
      return { ...existing(state), cancelAtPeriodEnd: false };
    case 'RenewalFailed':
      return {
        ...existing(state),
        status: 'past_due',
        failedAttempts: event.data.attempt,
        nextRetryAt: event.data.nextRetryAt,
      };
    case 'SubscriptionLapsed':
      return { ...existing(state), status: 'lapsed', nextRetryAt: null, cancelAtPeriodEnd: false };
    case 'SubscriptionCancelled':
      return {
        ...existing(state),
        status: 'cancelled',
        nextRetryAt: null,
        cancelAtPeriodEnd: false,
        ...(event.data.reason === 'company_closed' && { companyClosed: true, pendingChange: null }),
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
