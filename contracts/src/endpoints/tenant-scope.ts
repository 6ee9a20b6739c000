import type { ServiceName } from '../endpoint';
import { TenantIdParams } from '../tenant-id';

/**
 * The parts every staff endpoint under `…/tenants/{id}/…` shares: the service that owns it and the tenant
 * scope named by the `{id}` path parameter. Spread it first; the endpoint then declares only what differs.
 * (Not an endpoint itself: this module is not one of those `allEndpoints` lists.)
 */
export function inTenant<const O extends ServiceName>(owner: O) {
  return { owner, tenant: { path: 'id' } } as const;
}

/** {@link inTenant} for an endpoint whose only path parameter is that `{id}`. */
export function inOwnTenant<const O extends ServiceName>(owner: O) {
  return { ...inTenant(owner), params: TenantIdParams } as const;
}
