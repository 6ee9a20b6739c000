import type { TenantDeletedData } from '@punkto/contracts/integration-events';
import type { Logger } from '@punkto/platform/observability/logger';
import type { PaymentMethods } from '../payments/payment-methods';
import type { PaymentProvider } from '../payments/payment-provider.port';
import type { Payments } from '../payments/payments.service';
import type { Subscriptions } from '../subscriptions/subscriptions.service';
import type { BillingTenants } from './billing-tenants';

export interface CompanyClosureDeps {
  tenants: BillingTenants;
  subscriptions: Subscriptions;
  methods: PaymentMethods;
  provider: Pick<PaymentProvider, 'deleteSavedCard'>;
  payments: Pick<Payments, 'cancelOpenOrders'>;
  logger: Logger;
}

/**
 * What closing a company (TenantDeleted) does to billing (ADR 0047), in an order a redelivery can repeat:
 * 1. the tenant is marked deleted (the renewal charge refuses it from then on) and keeps its owner, who may
 *    read the company's invoices for the legal retention period;
 * 2. the subscription is cancelled at once (SubscriptionCancelled, reason company_closed): its period-end
 *    and reminder jobs are cancelled with it;
 * 3. its orders not paid yet (a checkout left open, a renewal being authorised) are cancelled at the provider
 *    (ADR 0055), so a late payer cannot pay them; one the payer paid first is booked by its notification
 *    (invoiced, no period, a manual refund asked for);
 * 4. each saved card is deleted at the provider, then forgotten here (a failure at the provider throws: the
 *    event is handled again and the cards and orders left are dealt with then).
 */
export async function closeCompanyBilling(deps: CompanyClosureDeps, deleted: TenantDeletedData) {
  const { tenantId } = deleted;
  await deps.tenants.deleted(tenantId, deleted.deletedAt);
  await deps.subscriptions.closeForCompany(tenantId);
  const cancelled = await deps.payments.cancelOpenOrders(tenantId);
  for (const card of await deps.methods.savedCards(tenantId)) {
    await deps.provider.deleteSavedCard(card.token);
    await deps.methods.forget(tenantId, card.id);
  }
  deps.logger.info(
    { tenantId, cancelledOrders: cancelled },
    'company closed: subscription cancelled, open orders cancelled and saved cards deleted at the provider',
  );
}
