import { getPermissions } from '@punkto/contracts/endpoints/tenant';
import { permissionCatalogue } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { requireAuth } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from './config';

/**
 * Tenant service: tenants, branding, loyalty programs and rewards, services catalogue, employees and permissions, clients list.
 */
export type TenantDeps = ServiceDeps<TenantConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: 'tenant-', topic: Topics.tenantTenants },
  { streamPrefix: 'program-', topic: Topics.tenantPrograms },
  { streamPrefix: 'employee-', topic: Topics.tenantEmployees },
  { streamPrefix: 'client-', topic: Topics.tenantClients },
];

export async function buildApp(deps: TenantDeps): Promise<FastifyInstance> {
  const app = await createServiceServer('tenant', deps);
  registerEndpoint(app, getPermissions, async () => ({ permissions: [...permissionCatalogue] }), {
    preHandler: requireAuth,
  });
  return app;
}
