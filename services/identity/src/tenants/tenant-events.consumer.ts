import { TenantDeletedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { AppError } from '@punkto/platform/errors/errors';
import type { Logger } from '@punkto/platform/observability/logger';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { IdentityService } from '../users/identity.service';

/** What identity needs of tenant's events (the full schemas belong to the tenant contracts). */
const TenantEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('TenantCreated'),
    data: z.object({ ownerId: z.string().min(1), tenantId: z.string().min(1) }),
  }),
  z.object({ type: z.literal('TenantDeleted'), data: TenantDeletedData }),
]);

/**
 * A refusal by the domain (unknown user, another tenant already, not a customer …): logged, not retried.
 * Infrastructure errors and lost optimistic races are thrown, so the bus retries them.
 */
export function isDomainRefusal(error: unknown): error is AppError {
  return (
    error instanceof AppError &&
    error.status < 500 &&
    !(error.status === 409 && error.code === 'CONCURRENCY_CONFLICT')
  );
}

/**
 * tenant.tenants.v1 →
 * - TenantCreated: sets the owner's tenant id, which the owner's next access token (login or refresh)
 *   carries as `tid`;
 * - TenantDeleted: clears the owner's tenant id (UserTenantUnassigned: they may create a new company) and
 *   deletes the accounts of that tenant's employees.
 * Idempotent by construction: a redelivery decides no event. Domain refusals are logged, not retried.
 */
export function tenantEventsConsumer(service: () => Promise<IdentityService>, logger: Logger): ConsumerSpec {
  return {
    groupId: 'identity.tenant-events',
    topics: [Topics.tenantTenants],
    handler: async (message) => {
      const parsed = TenantEvent.safeParse(message.value);
      if (!parsed.success) return;
      const event = parsed.data;
      try {
        const identity = await service();
        if (event.type === 'TenantCreated')
          await identity.assignTenant(event.data.ownerId, event.data.tenantId);
        else await identity.tenantDeleted(event.data);
      } catch (error) {
        if (!isDomainRefusal(error)) throw error;
        logger.warn(
          { code: error.code, tenantId: event.data.tenantId, ownerId: event.data.ownerId },
          `${event.type} not applied`,
        );
      }
    },
  };
}
