import * as api from '@punkto/contracts/endpoints/tenant';
import { Permissions } from '@punkto/contracts/permissions';
import { requireTenantAccess } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from './catalogue.service';

export function catalogueRoutes(app: FastifyInstance, catalogue: Catalogue) {
  const manage = requireTenantAccess(Permissions.servicesManage);

  registerEndpoint(
    app,
    api.listServices,
    async ({ params }) => ({ items: await catalogue.listServices(params.id) }),
    { preHandler: requireTenantAccess() },
  );

  registerEndpoint(
    app,
    api.createService,
    async ({ params, body, request }) => catalogue.createService(params.id, request.user!.id, body),
    { preHandler: manage },
  );

  registerEndpoint(
    app,
    api.updateService,
    async ({ params, body, request }) =>
      catalogue.updateService(params.id, params.serviceId, request.user!.id, body),
    { preHandler: manage },
  );

  registerEndpoint(
    app,
    api.deleteService,
    async ({ params, request }) => {
      await catalogue.deleteService(params.id, params.serviceId, request.user!.id);
      return undefined;
    },
    { preHandler: manage },
  );
}
