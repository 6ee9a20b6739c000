import { Topics } from '@punkto/contracts/topics';
import { AppError } from '@punkto/platform/errors/errors';
import type { Logger } from '@punkto/platform/observability/logger';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { IdentityService } from '../users/identity.service';

/** What identity needs of tenant's TenantCreated event (the full schema belongs to the tenant contracts). */
const TenantCreated = z.object({
  type: z.literal('TenantCreated'),
  data: z.object({ ownerId: z.string().min(1), tenantId: z.string().min(1) }),
});

/**
 * tenant.tenants.v1 → sets the owner's tenant id, which the owner's next access token (login or refresh)
 * carries as `tid`. Idempotent by construction: assigning the same tenant again decides no event, so
 * redeliveries are harmless. Domain refusals (unknown owner, another tenant already) are logged, not retried.
 */
export function tenantEventsConsumer(service: () => Promise<IdentityService>, logger: Logger): ConsumerSpec {
  return {
    groupId: 'identity.tenant-events',
    topics: [Topics.tenantTenants],
    handler: async (message) => {
      const parsed = TenantCreated.safeParse(message.value);
      if (!parsed.success) return;
      try {
        await (await service()).assignTenant(parsed.data.data.ownerId, parsed.data.data.tenantId);
      } catch (error) {
        if (
          !(error instanceof AppError) ||
          error.status >= 500 ||
          (error.status === 409 && error.code === 'CONCURRENCY_CONFLICT')
        )
          throw error;
        logger.warn({ code: error.code, ...parsed.data.data }, 'TenantCreated not applied');
      }
    },
  };
}
