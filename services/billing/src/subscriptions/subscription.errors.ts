import { BillingErrors } from '@punkto/contracts/billing';
import { DomainRuleError, domainError } from '@punkto/platform/errors/errors';

export const SubscriptionNotFoundError = domainError(
  'SubscriptionNotFoundError',
  BillingErrors.noSubscription,
);

/** 400: the plan allows fewer active customers than the tenant has now. */
export class PlanBelowUsageError extends DomainRuleError {
  constructor(activeCustomers: number, limit: number) {
    super(BillingErrors.belowUsage.code, BillingErrors.belowUsage.message(activeCustomers, limit));
  }
}

export const NotCancellableError = domainError('NotCancellableError', BillingErrors.notCancellable);
export const NotResumableError = domainError('NotResumableError', BillingErrors.notResumable);
export const NothingToPayError = domainError('NothingToPayError', BillingErrors.noUpgradePayment);
