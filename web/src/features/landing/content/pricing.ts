import { PaidPlanId, PLAN_CATALOGUE, TRIAL_DAYS } from '@punkto/contracts/billing';

/** SPEC §9 pricing, as the landing page shows it. Both plans include every feature. */
export type Plan = {
  name: string;
  /** zł per month when paid monthly */
  monthly: number;
  /** zł per year when paid yearly */
  yearly: number;
  /** active customers included */
  maxActiveCustomers: number;
};

const fromCatalogue = (id: PaidPlanId): Plan => {
  const plan = PLAN_CATALOGUE[id];
  return {
    name: plan.name,
    monthly: plan.monthlyGrossPrice / 100,
    yearly: plan.yearlyGrossPrice / 100,
    maxActiveCustomers: plan.customerLimit,
  };
};

/** The paid plans of the catalogue billing charges by, in złote: the page cannot show other prices. */
export const PLANS: readonly Plan[] = PaidPlanId.options.map(fromCatalogue);

/** Above the largest plan's limit a business contacts us (SPEC §9). */
export const CONTACT_ABOVE_CUSTOMERS = PLAN_CATALOGUE.extended.customerLimit;
export { TRIAL_DAYS };

/** What paying yearly saves against twelve monthly payments: Podstawowy 72 zł, Rozszerzony 96 zł. */
export function yearlySaving(plan: Plan): number {
  return plan.monthly * 12 - plan.yearly;
}

/** The saving as a whole percentage of twelve monthly payments (20 % for both plans). */
export function yearlySavingPercent(plan: Plan): number {
  return Math.round((yearlySaving(plan) / (plan.monthly * 12)) * 100);
}
