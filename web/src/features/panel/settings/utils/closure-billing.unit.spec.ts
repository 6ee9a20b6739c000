import type { TenantSubscription } from '@punkto/contracts/billing';
import { describe, expect, it } from 'vitest';
import { closureNextChargeLine, closurePlanLine } from './closure-billing';

const sub = (overrides: Partial<TenantSubscription>): TenantSubscription => ({
  tenantId: 't1',
  planId: 'basic',
  planName: 'Podstawowy',
  status: 'active',
  isForYear: false,
  periodEnd: '2026-07-20T10:00:00.000Z',
  trialDaysLeft: 0,
  cancelAtPeriodEnd: false,
  pendingChange: null,
  nextChargeGrosze: 3000,
  nextRetryAt: null,
  writable: true,
  customerLimit: 100,
  activeCustomers: 3,
  ...overrides,
});

describe('what the delete-company dialog says about the subscription', () => {
  it('a paid monthly plan: the plan, and the next charge with its date, which will not be taken', () => {
    expect(closurePlanLine(sub({}))).toBe('Plan: Podstawowy (miesięcznie).');
    expect(closureNextChargeLine(sub({}))).toBe(
      'Następna płatność: 30 zł (20 lip 2026) — po usunięciu firmy nie zostanie pobrana.',
    );
  });

  it('the trial: the days left, and no payment planned', () => {
    const trial = sub({
      status: 'trialing',
      planId: 'trial',
      planName: 'Okres próbny',
      trialDaysLeft: 5,
      nextChargeGrosze: null,
    });
    expect(closurePlanLine(trial)).toBe('Plan: okres próbny (zostało 5 dni).');
    expect(closureNextChargeLine(trial)).toBe('Nie ma zaplanowanych płatności.');
  });

  it('past due: the retry date is the next charge', () => {
    const due = sub({ status: 'past_due', nextRetryAt: '2026-07-23T10:00:00.000Z' });
    expect(closureNextChargeLine(due)).toContain('30 zł (23 lip 2026)');
  });

  it('a lapsed plan says it is inactive', () => {
    expect(closurePlanLine(sub({ status: 'lapsed', nextChargeGrosze: null }))).toBe(
      'Plan: Podstawowy — subskrypcja nieaktywna.',
    );
  });
});
