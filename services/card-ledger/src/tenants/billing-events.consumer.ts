import { SubscriptionEntitlementCarrier } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { CardLedger } from '../cards/card-ledger';

const Envelope = z.object({ id: z.string(), type: z.string(), data: z.unknown() });

/**
 * billing.subscriptions.v1 → the tenant's active-customer limit (the entitlement every billing event
 * carries). The cap is enforced when a card is issued (customer-seats.ts); cards already issued are never
 * closed by a lower limit or a lapse: customers keep what they have.
 */
export function billingEventsConsumer(
  cards: Pick<CardLedger, 'seats'>,
  context: ConsumerContext,
): ConsumerSpec {
  return eventConsumer({
    groupId: 'card-ledger.billing-events',
    topics: [Topics.billingSubscriptions],
    schema: Envelope,
    ...context,
    handle: async (envelope) => {
      const event = payloadParser(context.logger, envelope)(SubscriptionEntitlementCarrier);
      if (!event) return;
      await cards.seats.setLimit(event.tenantId, event.entitlement.customerLimit, event.at);
    },
  });
}
