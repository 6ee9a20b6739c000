import * as endpoints from '@punkto/contracts/endpoints/tenant';
import type { CreateTenantRequest } from '@punkto/contracts/tenant';
import { api } from '../../../../lib/api/api-client';

/**
 * POST /tenants/create (business owner without a company): answers the new tenant id. The owner's CURRENT token
 * has no `tid` yet — refresh the session (until identity has applied TenantCreated) before any tenant call.
 */
export function createTenant(body: CreateTenantRequest) {
  return api.call(endpoints.createTenant, { body });
}
