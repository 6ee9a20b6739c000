import { Email } from '@punkto/contracts/identity';
import {
  EmployeeInvitationResentData,
  EmployeeInvitedData,
  EmployeePasswordResetRequestedData,
  EmployeePermissionsChangedData,
  EmployeeRemovedData,
  EmployeeUpdatedData,
} from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { IdentityService } from '../users/identity.service';

const EmployeeEvent = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.literal('EmployeeInvited'), data: EmployeeInvitedData }),
  z.object({ id: z.string(), type: z.literal('EmployeeUpdated'), data: EmployeeUpdatedData }),
  z.object({
    id: z.string(),
    type: z.literal('EmployeePermissionsChanged'),
    data: EmployeePermissionsChangedData,
  }),
  z.object({
    id: z.string(),
    type: z.literal('EmployeePasswordResetRequested'),
    data: EmployeePasswordResetRequestedData,
  }),
  z.object({
    id: z.string(),
    type: z.literal('EmployeeInvitationResent'),
    data: EmployeeInvitationResentData,
  }),
  z.object({ id: z.string(), type: z.literal('EmployeeRemoved'), data: EmployeeRemovedData }),
]);

/**
 * tenant.employees.v1 → the employee's account (user id = employee id):
 * - EmployeeInvited → account (role employee, tenant, permissions, no password) + invitation e-mail; an
 *   address that already has an account is skipped (logged), see IdentityService.inviteEmployee;
 * - EmployeeUpdated → UsernameChanged; EmployeePermissionsChanged → UserPermissionsChanged;
 * - EmployeePasswordResetRequested → reset e-mail; EmployeeInvitationResent → new invitation e-mail
 *   (at most once per event: eventConsumer's inbox skips a redelivery);
 * - EmployeeRemoved → account deleted, sessions and tokens revoked, key shredded.
 * Other event types (EmployeeActivated, EmployeeEmailChanged: which identity itself caused) are ignored. Redeliveries decide no
 * new event; domain refusals are logged, not retried.
 */
export function employeeEventsConsumer(identity: IdentityService, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'identity.employee-events',
    topics: [Topics.tenantEmployees],
    schema: EmployeeEvent,
    ...context,
    handle: async (event) => {
      switch (event.type) {
        case 'EmployeeInvited': {
          // personal data shredded before the relay published it (employee removed at once): nothing to do
          const email = Email.safeParse(event.data.email);
          if (!email.success) {
            context.logger.warn(
              { eventId: event.id },
              'EmployeeInvited without a usable e-mail address: skipped',
            );
            return;
          }
          await identity.inviteEmployee({ ...event.data, email: email.data });
          return;
        }
        case 'EmployeeUpdated':
          await identity.renameEmployee(event.data.employeeId, event.data.name);
          return;
        case 'EmployeePermissionsChanged':
          await identity.changeEmployeePermissions(event.data.employeeId, event.data.permissions);
          return;
        case 'EmployeePasswordResetRequested':
          await identity.sendEmployeePasswordReset(event.data.employeeId);
          return;
        case 'EmployeeInvitationResent':
          await identity.resendEmployeeInvitation(event.data.employeeId, event.data.companyName);
          return;
        case 'EmployeeRemoved':
          await identity.removeEmployee(event.data.employeeId);
          return;
      }
    },
  });
}
