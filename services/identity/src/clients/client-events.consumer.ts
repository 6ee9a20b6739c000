import { Email } from '@punkto/contracts/identity';
import { ClientEmailGivenData, ClientEnrolledData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { IdentityService } from '../users/identity.service';

const ClientEvent = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.literal('ClientEnrolled'), data: ClientEnrolledData }),
  z.object({ id: z.string(), type: z.literal('ClientEmailGiven'), data: ClientEmailGivenData }),
]);

/**
 * A phone-only client given an address later (ADR 0056) is linked exactly as a client enrolled by e-mail: the
 * account with that address, or a new one with the invitation.
 */
const asEnrolment = ({ givenAt, ...data }: ClientEmailGivenData): ClientEnrolledData => ({
  ...data,
  userId: null,
  phone: null,
  source: 'created',
  enrolledAt: givenAt,
});

/**
 * tenant.clients.v1 ClientEnrolled with `userId: null` (staff created or added the client by e-mail) → the
 * customer account with that address is linked, or created (pending, invitation e-mail with a set-password
 * link); an active account gets a short notice. Either way identity appends UserLinkedToClient, which tenant
 * turns into ClientAccountLinked. ClientEmailGiven (a phone-only client given an address, ADR 0056) is handled the
 * same way. Self-enrolments (with a user id) and other event types are ignored.
 * A redelivery decides no new event and sends nothing; domain refusals are logged, not retried.
 */
export function clientEventsConsumer(identity: IdentityService, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'identity.client-events',
    topics: [Topics.tenantClients],
    schema: ClientEvent,
    ...context,
    handle: async (event) => {
      const data = event.type === 'ClientEnrolled' ? event.data : asEnrolment(event.data);
      // a self-enrolment has its account; a phone-only client (ADR 0056) gets none
      if (data.userId !== null || data.email === null) return;
      const email = Email.safeParse(data.email);
      if (!email.success) {
        context.logger.warn({ eventId: event.id }, `${event.type} without a usable e-mail address: skipped`);
        return;
      }
      await identity.enrollClient({ ...data, email: email.data });
    },
  });
}
