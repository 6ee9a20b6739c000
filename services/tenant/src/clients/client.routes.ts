import * as api from '@punkto/contracts/endpoints/tenant';
import { UnauthenticatedError } from '@punkto/platform/errors/errors';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { ClientService } from './client.service';

/**
 * Clients of a tenant. Staff routes need `clients.manage` (create, add) or `clients.view` (list, details) in
 * the tenant of the path; create-client without an e-mail makes a phone-only client, ADR 0056 (another tenant's user: 403, SPEC §8). `join` is the customer's own enrolment from
 * the public link: role customer, any tenant; the e-mail and name come from the access token, the optional phone
 * from the body.
 */
export function clientRoutes(app: FastifyInstance, service: ClientService) {
  registerEndpoint(app, api.createClient, async ({ params, body, request }) =>
    service.enroll(params.id, request.user!.id, {
      email: body.email ?? null,
      name: body.name,
      phone: body.phone ?? null,
      programId: body.programId,
      marketingConsent: body.marketingConsent,
      source: 'created',
      userId: null,
    }),
  );

  registerEndpoint(app, api.addClient, async ({ params, body, request }) =>
    // the company knows only the address: the name is the customer's account name once identity links it;
    // until then the list shows the address (the company cannot learn whether an account exists)
    service.enroll(params.id, request.user!.id, {
      email: body.email,
      name: body.email,
      phone: null,
      programId: body.programId,
      marketingConsent: false,
      source: 'added',
      userId: null,
    }),
  );

  // a "switch from paper" import batch (ADR 0059): answered per row
  registerEndpoint(app, api.importClients, async ({ params, body, request }) =>
    service.import(params.id, request.user!.id, body),
  );

  registerEndpoint(app, api.getClients, async ({ params, query }) => service.list(params.id, query));

  registerEndpoint(app, api.getClient, async ({ params }) => service.get(params.id, params.clientId));

  registerEndpoint(app, api.editClient, async ({ params, body, request }) =>
    service.edit(params.id, request.user!.id, params.clientId, body),
  );

  registerEndpoint(app, api.removeClient, async ({ params, request }) => {
    await service.remove(params.id, request.user!.id, params.clientId);
    return undefined;
  });

  registerEndpoint(app, api.joinProgram, async ({ params, body, request }) => {
    const user = request.user!;
    if (!user.email) throw new UnauthenticatedError();
    return service.enroll(params.id, user.id, {
      email: user.email,
      name: user.name ?? user.email.split('@')[0]!,
      // typed (or kept from the profile) by the customer on the join page; unverified
      phone: body.phone ?? null,
      programId: body.programId,
      // asked on the join page, unticked by default (company messages by e-mail need it, ADR 0027)
      marketingConsent: body.marketingConsent ?? false,
      source: 'self',
      userId: user.id,
    });
  });
}
