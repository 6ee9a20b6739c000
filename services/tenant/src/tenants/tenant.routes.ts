import * as api from '@punkto/contracts/endpoints/tenant';
import { Roles } from '@punkto/contracts/permissions';
import { requireRole, requireTenantAccess } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { OwnerAlreadyHasTenantError } from './tenant.errors';
import type { TenantService } from './tenant.service';

/** A token that already carries `tid` belongs to an owner who has a tenant: 409 before any work. */
const withoutTenant: preHandlerHookHandler = async (request) => {
  if (request.user?.tenantId) throw new OwnerAlreadyHasTenantError();
};

export function tenantRoutes(app: FastifyInstance, service: TenantService) {
  registerEndpoint(
    app,
    api.createTenant,
    async ({ body, request }) => service.createTenant(request.user!.id, body),
    { preHandler: [requireRole(Roles.owner), withoutTenant] },
  );

  registerEndpoint(app, api.getTenant, async ({ params }) => service.getTenant(params.id), {
    preHandler: requireTenantAccess(),
  });
}
