import { z } from 'zod';

/**
 * The `{id}` path parameter of every staff endpoint under `…/tenants/{id}/…`. A module of its own so that an
 * endpoint's scope (endpoints/tenant-scope.ts) does not bring the whole tenant contract (and its phone rules)
 * into the app's start-up code.
 */
export const TenantIdParams = z.object({ id: z.string().min(1).max(64) });
