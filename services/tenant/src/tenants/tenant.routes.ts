import * as api from '@punkto/contracts/endpoints/tenant';
import type { TenantConfiguredResponse, TenantResponse } from '@punkto/contracts/tenant';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { tenantConfigured } from './tenant-configured';
import { OwnerAlreadyHasTenantError } from './tenant.errors';
import type { TenantService } from './tenant.service';

export interface TenantRouteHooks {
  /** active, not deleted programs of the tenant (the "configured" check) */
  activePrograms(tenantId: string): Promise<number>;
  /** after a colour change: render the colour-dependent logo sizes again; the tenant after it, or null */
  brandingChanged(tenantId: string, actorId: string): Promise<TenantResponse | null>;
  /** after the tenant was deleted: remove what is stored outside the event log (images) */
  tenantDeleted(tenantId: string): Promise<unknown>;
}

export function tenantRoutes(app: FastifyInstance, service: TenantService, hooks: TenantRouteHooks) {
  registerEndpoint(app, api.createTenant, async ({ body, request }) => {
    // a token that already carries `tid` belongs to an owner who has a tenant: 409 before any work
    if (request.user!.tenantId) throw new OwnerAlreadyHasTenantError();
    return service.createTenant(request.user!.id, body);
  });

  registerEndpoint(app, api.getTenant, async ({ params }) => service.getTenant(params.id));

  registerEndpoint(app, api.updateTenant, async ({ params, body, request }) => {
    const { tenant, changed } = await service.updateTenant(params.id, request.user!.id, body);
    if (!changed.includes('branding') || !tenant.logo) return tenant;
    // the change is saved; re-rendering the logo on the new background is a follow-up that may fail alone
    try {
      return (await hooks.brandingChanged(params.id, request.user!.id)) ?? tenant;
    } catch (error) {
      request.log.warn({ err: error, tenantId: params.id }, 'logo not re-rendered for the new colours');
      return tenant;
    }
  });

  registerEndpoint(app, api.deleteTenant, async ({ body, request }) => {
    const tenantId = request.user!.tenantId;
    await service.deleteTenant(tenantId, request.user!.id, body.confirmCompanyName);
    await hooks
      .tenantDeleted(tenantId!)
      .catch((error: unknown) =>
        request.log.warn({ err: error, tenantId }, 'images of the deleted tenant not removed'),
      );
    return undefined;
  });

  registerEndpoint(app, api.getLocations, async ({ params }) => service.getLocations(params.id));

  registerEndpoint(app, api.replaceLocations, async ({ params, body, request }) =>
    service.replaceLocations(params.id, request.user!.id, body.locations),
  );

  /** "Configured": the address is filled in and at least one active program exists (tenant-configured.ts). */
  const configured = async (tenantId: string): Promise<TenantConfiguredResponse> =>
    tenantConfigured(await service.activeTenant(tenantId), await hooks.activePrograms(tenantId));

  registerEndpoint(app, api.tenantConfigured, async ({ params }) => configured(params.id));

  registerEndpoint(app, api.validateTenant, async ({ params }) => configured(params.id));
}
