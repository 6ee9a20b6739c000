import { describe, expect, it } from 'vitest';
import { planStore, PLAN_FETCH_FAILED } from './plan-store';
import { daysLabel, formatPln, savingsLabel } from './pricing';

const basic = {
  id: 'basic' as const,
  name: 'Podstawowy',
  monthlyGrossPrice: 3000,
  yearlyGrossPrice: 28800,
  yearlySavingsGrosze: 7200,
  customerLimit: 100,
};

describe('prices on the plan page', () => {
  it('shows whole złoty without decimals and the yearly savings of SPEC §9', () => {
    expect(formatPln(28800)).toBe('288 zł');
    expect(formatPln(2550)).toBe('25,50 zł');
    expect(savingsLabel(basic)).toBe('Oszczędzasz 72 zł rocznie');
    expect(savingsLabel({ ...basic, yearlySavingsGrosze: 9600 })).toBe('Oszczędzasz 96 zł rocznie');
    expect(savingsLabel({ ...basic, yearlySavingsGrosze: 0 })).toBeNull();
    expect(daysLabel(1)).toBe('1 dzień');
    expect(daysLabel(14)).toBe('14 dni');
  });
});

describe('the plan store (SPEC §4)', () => {
  const base = { data: undefined, error: null, dataUpdatedAt: 0 };
  it('is idle before a fetch, loading during it', () => {
    expect(planStore({ ...base, status: 'pending', fetchStatus: 'idle' }).status).toBe('idle');
    expect(planStore({ ...base, status: 'pending', fetchStatus: 'fetching' }).status).toBe('loading');
  });
  it('succeeded: plans stored, load time recorded, available only when non-empty', () => {
    const ok = planStore({
      ...base,
      status: 'success',
      fetchStatus: 'idle',
      data: { plans: [basic] },
      dataUpdatedAt: 42,
    });
    expect(ok).toEqual({
      status: 'succeeded',
      error: null,
      lastLoadedAt: 42,
      plans: [basic],
      available: true,
    });
    expect(
      planStore({ ...base, status: 'success', fetchStatus: 'idle', data: { plans: [] } }).available,
    ).toBe(false);
  });
  it('failed: the localized message, else the spec’s default', () => {
    expect(planStore({ ...base, status: 'error', fetchStatus: 'idle', error: new Error('x') }).error).toBe(
      PLAN_FETCH_FAILED,
    );
    expect(
      planStore({
        ...base,
        status: 'error',
        fetchStatus: 'idle',
        error: { localizedMessage: 'Przerwa techniczna' },
      }).error,
    ).toBe('Przerwa techniczna');
  });
});
