import {
  CardClosedData,
  CardHolderLinkedData,
  CardIssuedData,
  TenantCreatedData,
  TenantDeletedData,
  TenantUpdatedData,
} from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { BillingMails } from './mail/billing-mails';
import { customerLimitOf } from './plans/plans';
import type { Subscriptions } from './subscriptions/subscriptions.service';
import type { BillingTenants } from './tenants/billing-tenants';
import { closeCompanyBilling, type CompanyClosureDeps } from './tenants/company-closure';
import type { ActiveCustomers } from './usage/active-customers';

const Envelope = z.object({
  id: z.string(),
  type: z.enum([
    'TenantCreated',
    'TenantUpdated',
    'TenantDeleted',
    'CardIssued',
    'CardHolderLinked',
    'CardClosed',
  ]),
  data: z.unknown(),
});

/**
 * What billing learns from other services:
 * - tenant.tenants.v1  TenantCreated → the invoice buyer and the 14-day trial; TenantUpdated → name, NIP,
 *                      address, contact e-mail; TenantDeleted → the company's billing closed: subscription
 *                      cancelled at once, open orders cancelled and saved cards deleted at the provider,
 *                      invoices kept for the former owner (ADR 0047, 0055);
 * - cardledger.cards.v1 CardIssued / CardHolderLinked / CardClosed → active customers per tenant (the plan
 *                      limit's usage: people holding an open card), and the owner's e-mail when they reach 90 %
 *                      of the plan's limit (once per crossing).
 */
export function billingEventsConsumer(
  deps: {
    subscriptions: Subscriptions;
    tenants: BillingTenants;
    usage: ActiveCustomers;
    mailer: Mailer;
    mails: BillingMails;
    alertPercent: number;
    closure: Pick<CompanyClosureDeps, 'methods' | 'provider' | 'payments'>;
  },
  context: ConsumerContext,
): ConsumerSpec {
  const { subscriptions, tenants, usage } = deps;

  async function alertNearLimit(tenantId: string) {
    const sub = await subscriptions.get(tenantId);
    if (!sub) return;
    const limit = customerLimitOf(sub.planId);
    const active = await usage.count(tenantId);
    if (!(await usage.crossedThreshold(tenantId, active, Math.ceil((limit * deps.alertPercent) / 100))))
      return;
    const tenant = await tenants.get(tenantId);
    const to = tenants.emailOf(tenant);
    if (tenant && to)
      await deps.mailer.send(deps.mails.nearCustomerLimit(to, tenant.companyName, active, limit));
    else
      context.logger.warn({ tenantId }, 'customer-limit e-mail not sent: the company has no e-mail address');
  }

  return eventConsumer({
    groupId: 'billing.events',
    topics: [Topics.tenantTenants, Topics.cardLedgerCards],
    schema: Envelope,
    ...context,
    handle: async (envelope) => {
      const parse = payloadParser(context.logger, envelope);
      switch (envelope.type) {
        case 'TenantCreated': {
          const created = parse(TenantCreatedData);
          if (!created) return;
          await tenants.created(created);
          await subscriptions.startTrial(created.tenantId, created.createdAt);
          return;
        }
        case 'TenantUpdated': {
          const updated = parse(TenantUpdatedData);
          if (updated) await tenants.updated(updated);
          return;
        }
        case 'TenantDeleted': {
          const deleted = parse(TenantDeletedData);
          if (deleted)
            await closeCompanyBilling(
              { ...deps.closure, tenants, subscriptions, logger: context.logger },
              deleted,
            );
          return;
        }
        default:
          await cardEvent({ type: envelope.type, parse, usage, alertNearLimit });
      }
    },
  });
}

/** cardledger.cards.v1: the card's holding in the usage (people holding an open card), then the 90 % check */
async function cardEvent({
  type,
  parse,
  usage,
  alertNearLimit,
}: {
  type: 'CardIssued' | 'CardHolderLinked' | 'CardClosed';
  parse: ReturnType<typeof payloadParser>;
  usage: ActiveCustomers;
  alertNearLimit: (tenantId: string) => Promise<void>;
}) {
  switch (type) {
    case 'CardIssued': {
      const issued = parse(CardIssuedData);
      if (!issued) return;
      await usage.issued(issued.tenantId, issued.cardId, issued.userId);
      await alertNearLimit(issued.tenantId);
      return;
    }
    case 'CardHolderLinked': {
      // fewer people or as many: no threshold is crossed upwards, but the flag follows the count
      const linked = parse(CardHolderLinkedData);
      if (!linked) return;
      await usage.holderLinked(linked.tenantId, linked.cardId, linked.userId);
      await alertNearLimit(linked.tenantId);
      return;
    }
    case 'CardClosed': {
      const closed = parse(CardClosedData);
      if (!closed) return;
      const tenantId = await usage.closed(closed.cardId);
      if (tenantId) await alertNearLimit(tenantId);
      return;
    }
  }
}
