import { BillingErrors } from '@punkto/contracts/billing';
import { DomainRuleError, NotFoundError } from '@punkto/platform/errors/errors';

export class SubscriptionNotFoundError extends NotFoundError {
  constructor() {
    super(BillingErrors.noSubscription.message, BillingErrors.noSubscription.code);
  }
}

/** 400: the plan allows fewer active customers than the tenant has now. */
export class PlanBelowUsageError extends DomainRuleError {
  constructor(activeCustomers: number, limit: number) {
    super(BillingErrors.belowUsage.code, BillingErrors.belowUsage.message(activeCustomers, limit));
  }
}

export class NotCancellableError extends DomainRuleError {
  constructor() {
    super(BillingErrors.notCancellable.code, BillingErrors.notCancellable.message);
  }
}

export class NotResumableError extends DomainRuleError {
  constructor() {
    super(BillingErrors.notResumable.code, BillingErrors.notResumable.message);
  }
}

export class NothingToPayError extends DomainRuleError {
  constructor() {
    super(BillingErrors.noUpgradePayment.code, BillingErrors.noUpgradePayment.message);
  }
}
