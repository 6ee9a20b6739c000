import { Email } from '@punkto/contracts/identity';
import { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import type { Logger } from '@punkto/platform/observability/logger';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import { isDomainRefusal } from '../tenants/tenant-events.consumer';
import type { IdentityService } from '../users/identity.service';

const ClientEnrolled = z.object({
  id: z.string(),
  type: z.literal('ClientEnrolled'),
  data: ClientEnrolledData,
});

/**
 * tenant.clients.v1 ClientEnrolled with `userId: null` (staff created or added the client by e-mail) → the
 * customer account with that address is linked, or created (pending, invitation e-mail with a set-password
 * link); an active account gets a short notice. Either way identity appends UserLinkedToClient, which tenant
 * turns into ClientAccountLinked. Self-enrolments (with a user id) and other event types are ignored.
 * A redelivery decides no new event and sends nothing; domain refusals are logged, not retried.
 */
export function clientEventsConsumer(service: () => Promise<IdentityService>, logger: Logger): ConsumerSpec {
  return {
    groupId: 'identity.client-events',
    topics: [Topics.tenantClients],
    handler: async (message) => {
      const parsed = ClientEnrolled.safeParse(message.value);
      if (!parsed.success || parsed.data.data.userId !== null) return;
      const event = parsed.data;
      const email = Email.safeParse(event.data.email);
      if (!email.success) {
        logger.warn({ eventId: event.id }, 'ClientEnrolled without a usable e-mail address: skipped');
        return;
      }
      try {
        await (await service()).enrollClient({ ...event.data, email: email.data });
      } catch (error) {
        if (!isDomainRefusal(error)) throw error;
        logger.warn(
          { code: error.code, eventId: event.id, clientId: event.data.clientId },
          'ClientEnrolled not applied',
        );
      }
    },
  };
}
