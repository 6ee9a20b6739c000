import { SubscriptionEntitlementCarrier } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import { issueWaitingCards, type IssuingDeps } from '../cards/card-issuing';

const Envelope = z.object({ id: z.string(), type: z.string(), data: z.unknown() });

/**
 * billing.subscriptions.v1 → the tenant's active-customer limit (the entitlement every billing event
 * carries). The cap is enforced when a card is issued (customer-seats.ts); cards already issued are never
 * closed by a lower limit or a lapse: customers keep what they have. Cards the limit refused are issued as soon
 * as there is room (issueWaitingCards): a company that upgrades does not have to ask its customers to join again.
 */
export function billingEventsConsumer(cards: IssuingDeps, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'card-ledger.billing-events',
    topics: [Topics.billingSubscriptions],
    schema: Envelope,
    ...context,
    handle: async (envelope) => {
      const event = payloadParser(context.logger, envelope)(SubscriptionEntitlementCarrier);
      if (!event) return;
      await cards.seats.setLimit(event.tenantId, event.entitlement.customerLimit, event.at);
      const metadata = { correlationId: envelope.id, causationId: envelope.id };
      const issued = await issueWaitingCards(cards, event.tenantId, metadata);
      if (issued > 0)
        context.logger.info(
          { tenantId: event.tenantId, issued },
          'waiting cards issued: the plan has room now',
        );
    },
  });
}
