import {
  PLAN_CATALOGUE,
  type PaidPlanId,
  type PlanId,
  type SubscriptionPlan,
} from '@punkto/contracts/billing';
import { vatFromGross } from '../invoices/invoice';

/**
 * The plans of SPEC §9, gross PLN in grosze. Net and VAT are derived from the gross price by the gross
 * convention (vatFromGross) and kept with the price, so an invoice never recomputes VAT from a rounded net.
 */
export interface PriceWithVat {
  grossGrosze: number;
  netGrosze: number;
  vatGrosze: number;
}

export const planName = (planId: PlanId) => PLAN_CATALOGUE[planId].name;
export const customerLimitOf = (planId: PlanId) => PLAN_CATALOGUE[planId].customerLimit;

export function priceOf(planId: PlanId, isForYear: boolean): PriceWithVat {
  const plan = PLAN_CATALOGUE[planId];
  const grossGrosze = isForYear ? plan.yearlyGrossPrice : plan.monthlyGrossPrice;
  return { grossGrosze, ...vatFromGross(grossGrosze) };
}

export function availablePlans(): SubscriptionPlan[] {
  return (Object.keys(PLAN_CATALOGUE) as PlanId[]).map((id) => {
    const plan = PLAN_CATALOGUE[id];
    return {
      id,
      name: plan.name,
      monthlyGrossPrice: plan.monthlyGrossPrice,
      yearlyGrossPrice: plan.yearlyGrossPrice,
      yearlySavingsGrosze: 12 * plan.monthlyGrossPrice - plan.yearlyGrossPrice,
      customerLimit: plan.customerLimit,
    };
  });
}

export const paidPlanLabel = (planId: PaidPlanId, isForYear: boolean) =>
  `plan ${planName(planId)}, ${isForYear ? 'rok' : 'miesiąc'}`;
