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

export const PLANS: readonly Plan[] = [
  { name: 'Podstawowy', monthly: 30, yearly: 288, maxActiveCustomers: 100 },
  { name: 'Rozszerzony', monthly: 40, yearly: 384, maxActiveCustomers: 500 },
];

/** Above the largest plan's limit a business contacts us (SPEC §9). */
export const CONTACT_ABOVE_CUSTOMERS = 500;
export const TRIAL_DAYS = 14;

/** What paying yearly saves against twelve monthly payments: Podstawowy 72 zł, Rozszerzony 96 zł. */
export function yearlySaving(plan: Plan): number {
  return plan.monthly * 12 - plan.yearly;
}

/** The saving as a whole percentage of twelve monthly payments (20 % for both plans). */
export function yearlySavingPercent(plan: Plan): number {
  return Math.round((yearlySaving(plan) / (plan.monthly * 12)) * 100);
}
