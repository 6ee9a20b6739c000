import { TenantCreatedData, TenantDeletedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { IdentityService } from '../users/identity.service';

/** The tenant events identity uses, and of TenantCreated only the ids. */
const TenantEvent = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('TenantCreated'),
    data: TenantCreatedData.pick({ tenantId: true, ownerId: true }),
  }),
  z.object({ id: z.string(), type: z.literal('TenantDeleted'), data: TenantDeletedData }),
  // of TenantUpdated only the contact's e-mail (the other fields' rules are the tenant service's)
  z.object({
    id: z.string(),
    type: z.literal('TenantUpdated'),
    data: z.object({
      tenantId: z.string(),
      changes: z.object({ contact: z.object({ email: z.string().optional() }).nullable().optional() }),
      updatedAt: z.string(),
    }),
  }),
]);

/**
 * tenant.tenants.v1 →
 * - TenantCreated: sets the owner's tenant id, which the owner's next access token (login or refresh)
 *   carries as `tid`;
 * - TenantUpdated with `contact`: the company's contact e-mail, the Reply-To of its invitations (ADR 0040);
 * - TenantDeleted: clears the owner's tenant id (UserTenantUnassigned: they may create a new company) and
 *   deletes the accounts of that tenant's employees.
 * Idempotent by construction: a redelivery decides no event. Domain refusals (unknown owner, another tenant
 * already) are logged, not retried.
 */
export function tenantEventsConsumer(identity: IdentityService, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'identity.tenant-events',
    topics: [Topics.tenantTenants],
    schema: TenantEvent,
    ...context,
    handle: async (event) => {
      if (event.type === 'TenantCreated')
        await identity.assignTenant(event.data.ownerId, event.data.tenantId);
      else if (event.type === 'TenantUpdated') {
        const { tenantId, changes, updatedAt } = event.data;
        if (changes.contact !== undefined)
          await identity.companyContactChanged(tenantId, changes.contact?.email ?? null, updatedAt);
      } else {
        await identity.tenantDeleted(event.data);
        await identity.forgetCompanyContact(event.data.tenantId);
      }
    },
  });
}
