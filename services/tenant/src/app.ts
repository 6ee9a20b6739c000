import { getPermissions } from '@punkto/contracts/endpoints/tenant';
import { permissionCatalogue } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { requireAuth } from '@punkto/platform/http/auth-plugin';
import { csrfPlugin } from '@punkto/platform/http/csrf-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { createServiceServer, type ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from './config';
import { clientRoutes } from './clients/client.routes';
import { employeeRoutes } from './employees/employee.routes';
import { identityUsersConsumer } from './employees/identity-users.consumer';
import { createStaffAndClients, tenantEventStore } from './clients/staff-and-clients';
import { createTenantService } from './tenants/tenant.service';
import { tenantRoutes } from './tenants/tenant.routes';
import { brandingRoutes, registerUploads } from './branding/branding.routes';
import { createBrandingService } from './branding/branding.service';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { createCatalogue } from './catalogue/catalogue.service';
import { posterRoutes } from './poster/poster.routes';
import { programRoutes } from './programs/program.routes';
import { createProgramService } from './programs/program.service';

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
  { streamPrefix: 'service-', topic: Topics.tenantServices },
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
  // settings, branding, programs, poster, services catalogue
  const clock = deps.clock ?? (() => new Date());
  const publicUrl = deps.config.PUBLIC_URL;
  const { eventStore, documents, blobs } = deps.infra;
  await registerUploads(app);
  const programs = await createProgramService({ eventStore, documents, tenants, publicUrl, clock });
  const branding = createBrandingService({ blobs, tenants, publicUrl, clock });
  const catalogue = await createCatalogue({ eventStore, documents, tenants, clock });
  tenantRoutes(app, tenants, {
    activePrograms: (tenantId) => programs.activePrograms(tenantId),
    brandingChanged: (tenantId, actorId) => branding.rerenderLogo(tenantId, actorId),
    tenantDeleted: (tenantId) => branding.removeImages(tenantId),
  });
  brandingRoutes(app, branding);
  programRoutes(app, programs);
  posterRoutes(app, { tenants, programs, branding, publicUrl, clock });
  catalogueRoutes(app, catalogue);
  const { employees, clients } = await createStaffAndClients(deps);
  employeeRoutes(app, employees);
  clientRoutes(app, clients);
  return app;
}

/** Bus consumers: identity.users.v1 → employees activated, client accounts linked. */
export function consumers(deps: TenantDeps): ConsumerSpec[] {
  let services: ReturnType<typeof createStaffAndClients> | undefined;
  return [identityUsersConsumer(() => (services ??= createStaffAndClients(deps)), deps.logger)];
}

/** What the relay publishes from: plain personal data of `employee-`/`client-` streams (ADR 0006). */
export const relayEventStore = (deps: Pick<TenantDeps, 'infra'>) => tenantEventStore(deps.infra);
