import { PLAN_CATALOGUE, TRIAL_DAYS as CATALOGUE_TRIAL_DAYS } from '@punkto/contracts/billing';
import { describe, expect, it } from 'vitest';
import { CONTACT_ABOVE_CUSTOMERS, PLANS, TRIAL_DAYS, yearlySaving, yearlySavingPercent } from './pricing';

describe('landing pricing (SPEC §9)', () => {
  it('shows the paid plans of the catalogue billing charges by (grosze in whole złote)', () => {
    const paid = [PLAN_CATALOGUE.basic, PLAN_CATALOGUE.extended];
    expect(PLANS).toEqual(
      paid.map((p) => ({
        name: p.name,
        monthly: p.monthlyGrossPrice / 100,
        yearly: p.yearlyGrossPrice / 100,
        maxActiveCustomers: p.customerLimit,
      })),
    );
    expect(CONTACT_ABOVE_CUSTOMERS).toBe(Math.max(...paid.map((p) => p.customerLimit)));
    expect(TRIAL_DAYS).toBe(CATALOGUE_TRIAL_DAYS);
  });

  it('offers Podstawowy at 30 zł/month or 288 zł/year and Rozszerzony at 40 or 384', () => {
    expect(PLANS.map((p) => [p.name, p.monthly, p.yearly, p.maxActiveCustomers])).toEqual([
      ['Podstawowy', 30, 288, 100],
      ['Rozszerzony', 40, 384, 500],
    ]);
    expect(CONTACT_ABOVE_CUSTOMERS).toBe(500);
    expect(TRIAL_DAYS).toBe(14);
  });

  it('saves 72 zł and 96 zł a year — 20 % — when paying yearly', () => {
    expect(PLANS.map(yearlySaving)).toEqual([72, 96]);
    expect(PLANS.map(yearlySavingPercent)).toEqual([20, 20]);
  });
});
