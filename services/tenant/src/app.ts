import { getPermissions } from '@punkto/contracts/endpoints/tenant';
import { permissionCatalogue } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { requireAuth } from '@punkto/platform/http/auth-plugin';
import { csrfPlugin } from '@punkto/platform/http/csrf-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from './config';
import { createTenantService } from './tenants/tenant.service';
import { tenantRoutes } from './tenants/tenant.routes';

/**
 * Tenant service: tenants, branding, loyalty programs and rewards, services catalogue, employees and permissions, clients list.
 */
export type TenantDeps = ServiceDeps<TenantConfig> & {
  /** injected clock (tests move time forward); default: the system clock */
  clock?: () => Date;
};

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: 'tenant-', topic: Topics.tenantTenants },
  { streamPrefix: 'program-', topic: Topics.tenantPrograms },
  { streamPrefix: 'employee-', topic: Topics.tenantEmployees },
  { streamPrefix: 'client-', topic: Topics.tenantClients },
];

export async function buildApp(deps: TenantDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('tenant', deps);
  await app.register(csrfPlugin, { allowedOrigins: deps.config.CSRF_ALLOWED_ORIGINS });
  const tenants = await createTenantService({
    eventStore: deps.infra.eventStore,
    documents: deps.infra.documents,
    clock: deps.clock ?? (() => new Date()),
  });
  registerEndpoint(app, getPermissions, async () => ({ permissions: [...permissionCatalogue] }), {
    preHandler: requireAuth,
  });
  tenantRoutes(app, tenants);
  return app;
}
