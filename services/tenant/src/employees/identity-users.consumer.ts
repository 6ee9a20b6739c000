import { Email } from '@punkto/contracts/identity';
import {
  StaffEmailChangedData,
  UserActivatedData,
  UserDeletedData,
  UserLinkedToClientData,
  UserPhoneChangedData,
} from '@punkto/contracts/integration-events';
import { Phone } from '@punkto/contracts/phone';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { ClientService } from '../clients/client.service';
import type { EmployeeService } from './employee.service';

const IdentityUserEvent = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.literal('UserActivated'), data: UserActivatedData }),
  z.object({ id: z.string(), type: z.literal('UserLinkedToClient'), data: UserLinkedToClientData }),
  z.object({ id: z.string(), type: z.literal('UserPhoneChanged'), data: UserPhoneChangedData }),
  z.object({ id: z.string(), type: z.literal('UserDeleted'), data: UserDeletedData }),
  z.object({ id: z.string(), type: z.literal('StaffEmailChanged'), data: StaffEmailChangedData }),
]);
type IdentityUserEvent = z.infer<typeof IdentityUserEvent>;

/**
 * identity.users.v1 → tenant (ids only; the personal data in those events stays sealed, except a customer's
 * phone, ADR 0017, and a staff account's confirmed address, ADR 0053):
 * - UserActivated of one of our employees (user id = employee id) → EmployeeActivated (others are ignored);
 * - UserLinkedToClient → ClientAccountLinked (the client gets the account and becomes active);
 * - UserPhoneChanged → ClientPhoneChanged of each client record of that customer (in every company). A
 *   phone that is not one (shredded before the relay published it: `[dane usunięte]`) is skipped, logged;
 * - StaffEmailChanged of one of our employees → EmployeeEmailChanged (owners are ignored); an address that is
 *   not one (shredded before the relay published it) is skipped, logged;
 * - UserDeleted → ClientRemoved of each client record of that customer, and their keys shredded (erasure).
 * Idempotent by construction: a redelivery decides no new event. Domain refusals (unknown client, another
 * account already linked) are logged, not retried; infrastructure errors and lost races are retried.
 */
export function identityUsersConsumer(
  { employees, clients }: { employees: EmployeeService; clients: ClientService },
  context: ConsumerContext,
): ConsumerSpec {
  return eventConsumer({
    groupId: 'tenant.identity-users',
    topics: [Topics.identityUsers],
    schema: IdentityUserEvent,
    ...context,
    handle: async (event) => {
      if (event.type === 'UserActivated') await employees.activated(event.data.userId);
      else if (event.type === 'UserLinkedToClient') await clients.linkAccount(event.data);
      else if (event.type === 'UserDeleted') await clients.customerDeleted(event.data.userId);
      else if (event.type === 'StaffEmailChanged') await staffEmailChanged(employees, context, event);
      else {
        const { userId, phone } = event.data;
        const checked = phone === null ? null : Phone.safeParse(phone);
        if (checked && !checked.success) {
          context.logger.warn(
            { eventId: event.id, userId },
            'tenant: UserPhoneChanged without a readable phone skipped',
          );
          return;
        }
        await clients.customerPhoneChanged({ userId, phone: checked ? checked.data : null });
      }
    },
  });
}

async function staffEmailChanged(
  employees: EmployeeService,
  context: ConsumerContext,
  event: Extract<IdentityUserEvent, { type: 'StaffEmailChanged' }>,
) {
  const { userId, tenantId, staffEmail } = event.data;
  const email = Email.safeParse(staffEmail);
  if (!email.success) {
    context.logger.warn(
      { eventId: event.id, userId },
      'tenant: StaffEmailChanged without a readable address skipped',
    );
    return;
  }
  await employees.emailChanged({ userId, tenantId, email: email.data });
}
