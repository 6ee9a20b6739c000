import { Email } from '@punkto/contracts/identity';
import { StaffEmailChangedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { BillingTenants } from './billing-tenants';

const IdentityUserEvent = z.object({
  id: z.string(),
  type: z.literal('StaffEmailChanged'),
  data: StaffEmailChangedData,
});

/**
 * identity.users.v1 StaffEmailChanged → the address billing's e-mails go to while the company has no contact
 * e-mail (the payer's, ADR 0053). An address shredded before the relay published it is skipped, logged; other
 * event types are not read here. Idempotent: a repeat finds the address already there.
 */
export function billingIdentityUsersConsumer(
  tenants: BillingTenants,
  context: ConsumerContext,
): ConsumerSpec {
  return eventConsumer({
    groupId: 'billing.identity-users',
    topics: [Topics.identityUsers],
    schema: IdentityUserEvent,
    ...context,
    handle: async (event) => {
      const { userId, tenantId, staffEmail } = event.data;
      const email = Email.safeParse(staffEmail);
      if (!email.success) {
        context.logger.warn(
          { eventId: event.id, userId },
          'billing: StaffEmailChanged without a readable address skipped',
        );
        return;
      }
      await tenants.staffEmailChanged({ userId, tenantId, email: email.data });
    },
  });
}
