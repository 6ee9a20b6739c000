import { Email } from '@punkto/contracts/identity';
import { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
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
export function clientEventsConsumer(identity: IdentityService, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'identity.client-events',
    topics: [Topics.tenantClients],
    schema: ClientEnrolled,
    ...context,
    handle: async (event) => {
      // a self-enrolment has its account; a phone-only client (ADR 0056) gets none
      if (event.data.userId !== null || event.data.email === null) return;
      const email = Email.safeParse(event.data.email);
      if (!email.success) {
        context.logger.warn({ eventId: event.id }, 'ClientEnrolled without a usable e-mail address: skipped');
        return;
      }
      await identity.enrollClient({ ...event.data, email: email.data });
    },
  });
}
