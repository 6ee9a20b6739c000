import type { SubscriptionPlan, SubscriptionStatus } from '@punkto/contracts/billing';
import { formatPolish } from '@punkto/contracts/polish-number';

/** Prices and words of the subscription screens (pure). */

/** 28800 → "288 zł", 3050 → "30,50 zł" */
export function formatPln(grosze: number): string {
  const zl = grosze / 100;
  return `${formatPolish(zl, { minimumFractionDigits: grosze % 100 ? 2 : 0, maximumFractionDigits: 2 })} zł`;
}

export const priceFor = (plan: SubscriptionPlan, isForYear: boolean) =>
  isForYear ? plan.yearlyGrossPrice : plan.monthlyGrossPrice;

/** "Oszczędzasz 96 zł rocznie" for the yearly price of a plan (SPEC §9: 72 zł / 96 zł) */
export const savingsLabel = (plan: SubscriptionPlan) =>
  plan.yearlySavingsGrosze > 0 ? `Oszczędzasz ${formatPln(plan.yearlySavingsGrosze)} rocznie` : null;

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Okres próbny',
  active: 'Aktywna',
  past_due: 'Zaległa płatność',
  lapsed: 'Wygasła',
  cancelled: 'Anulowana',
};

export function daysLabel(days: number): string {
  if (days === 1) return '1 dzień';
  return `${days} dni`;
}
