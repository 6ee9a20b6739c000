import * as api from '@punkto/contracts/endpoints/tenant';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from './catalogue.service';

export function catalogueRoutes(app: FastifyInstance, catalogue: Catalogue) {
  registerEndpoint(app, api.listServices, async ({ params }) => ({
    items: await catalogue.listServices(params.id),
  }));

  registerEndpoint(app, api.createService, async ({ params, body, request }) =>
    catalogue.createService(params.id, request.user!.id, body),
  );

  registerEndpoint(app, api.updateService, async ({ params, body, request }) =>
    catalogue.updateService(params.id, params.serviceId, request.user!.id, body),
  );

  registerEndpoint(app, api.deleteService, async ({ params, request }) => {
    await catalogue.deleteService(params.id, params.serviceId, request.user!.id);
    return undefined;
  });
}
