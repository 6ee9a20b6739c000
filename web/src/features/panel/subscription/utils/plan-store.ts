import type { SubscriptionPlan } from '@punkto/contracts/billing';

/**
 * The plan store of SPEC §4 over the plan query: idle → loading at fetch start; then succeeded (plans
 * stored, error cleared, load time recorded) or failed (error message stored; 'Nie udało się pobrać planów
 * subskrypcji' when the rejection carries no localized message, SPEC §8). Plans are available only when
 * succeeded and the list is non-empty.
 */
export const PLAN_FETCH_FAILED = 'Nie udało się pobrać planów subskrypcji';

export type PlanStoreStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export interface PlanStore {
  status: PlanStoreStatus;
  error: string | null;
  lastLoadedAt: number | null;
  plans: SubscriptionPlan[];
  available: boolean;
}

export interface PlanQueryView {
  fetchStatus: 'fetching' | 'paused' | 'idle';
  status: 'pending' | 'error' | 'success';
  data: { plans: SubscriptionPlan[] } | undefined;
  error: unknown;
  dataUpdatedAt: number;
}

const localized = (error: unknown): string | null => {
  const message = (error as { localizedMessage?: unknown } | null)?.localizedMessage;
  return typeof message === 'string' && message ? message : null;
};

export function planStore(query: PlanQueryView): PlanStore {
  if (query.status === 'success' && query.fetchStatus !== 'fetching') {
    const plans = query.data?.plans ?? [];
    return {
      status: 'succeeded',
      error: null,
      lastLoadedAt: query.dataUpdatedAt,
      plans,
      available: plans.length > 0,
    };
  }
  if (query.status === 'error' && query.fetchStatus !== 'fetching')
    return {
      status: 'failed',
      error: localized(query.error) ?? PLAN_FETCH_FAILED,
      lastLoadedAt: null,
      plans: [],
      available: false,
    };
  if (query.fetchStatus === 'fetching')
    return {
      status: 'loading',
      error: null,
      lastLoadedAt: query.dataUpdatedAt || null,
      plans: query.data?.plans ?? [],
      available: false,
    };
  return { status: 'idle', error: null, lastLoadedAt: null, plans: [], available: false };
}
