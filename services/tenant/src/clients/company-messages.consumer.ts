import { MarketingConsentWithdrawnData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { ClientService } from './client.service';

const CompanyMessageEvent = z.object({
  id: z.string(),
  type: z.literal('MarketingConsentWithdrawn'),
  data: MarketingConsentWithdrawnData,
});

/**
 * notification.messages.v1 → tenant: MarketingConsentWithdrawn (a customer used the one-click unsubscribe link
 * of a company message, ADR 0027) → ClientMarketingConsentWithdrawn on each named client of that company, so
 * the clients list and export show the consent as "Nie". The campaigns' other events are not ours. Idempotent:
 * a redelivery decides nothing; an unknown client (or one of another company) is logged, not retried.
 */
export function companyMessagesConsumer(clients: ClientService, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'tenant.company-messages',
    topics: [Topics.notificationMessages],
    schema: CompanyMessageEvent,
    ...context,
    handle: async (event) => {
      await clients.marketingConsentWithdrawn(event.data);
    },
  });
}
