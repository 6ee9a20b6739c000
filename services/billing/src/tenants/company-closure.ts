import type { TenantDeletedData } from '@punkto/contracts/integration-events';
import type { Logger } from '@punkto/platform/observability/logger';
import type { PaymentMethods } from '../payments/payment-methods';
import type { PaymentProvider } from '../payments/payment-provider.port';
import type { Subscriptions } from '../subscriptions/subscriptions.service';
import type { BillingTenants } from './billing-tenants';

export interface CompanyClosureDeps {
  tenants: BillingTenants;
  subscriptions: Subscriptions;
  methods: PaymentMethods;
  provider: Pick<PaymentProvider, 'deleteSavedCard'>;
  logger: Logger;
}

/**
 * What closing a company (TenantDeleted) does to billing (ADR 0047), in an order a redelivery can repeat:
 * 1. the tenant is marked deleted (the renewal charge refuses it from then on) and keeps its owner, who may
 *    read the company's invoices for the legal retention period;
 * 2. the subscription is cancelled at once (SubscriptionCancelled, reason company_closed): its period-end
 *    and reminder jobs are cancelled with it;
 * 3. each saved card is deleted at the provider, then forgotten here (a failure at the provider throws: the
 *    event is handled again and the cards left are deleted then).
 */
export async function closeCompanyBilling(deps: CompanyClosureDeps, deleted: TenantDeletedData) {
  const { tenantId } = deleted;
  await deps.tenants.deleted(tenantId, deleted.deletedAt);
  await deps.subscriptions.closeForCompany(tenantId);
  for (const card of await deps.methods.savedCards(tenantId)) {
    await deps.provider.deleteSavedCard(card.token);
    await deps.methods.forget(tenantId, card.id);
  }
  deps.logger.info(
    { tenantId },
    'company closed: subscription cancelled, saved cards deleted at the provider',
  );
}
