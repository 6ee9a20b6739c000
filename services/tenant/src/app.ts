import { getPermissions } from '@punkto/contracts/endpoints/tenant';
import { permissionCatalogue } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import { consumerContext } from '@punkto/platform/runtime/event-consumer';
import type { RelayRoute } from '@punkto/platform/relay/event-relay';
import type { BuiltService, ServiceDeps } from '@punkto/platform/runtime/service-server';
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from './config';
import { clientRoutes } from './clients/client.routes';
import { clientsExportRoutes } from './clients/clients-export.routes';
import { employeeRoutes } from './employees/employee.routes';
import { identityUsersConsumer } from './employees/identity-users.consumer';
import { companyMessagesConsumer } from './clients/company-messages.consumer';
import { createStaffAndClients } from './clients/staff-and-clients';
import { subscriptionLapse } from './tenants/subscription-lapse';
import { createTenantService } from './tenants/tenant.service';
import { tenantRoutes } from './tenants/tenant.routes';
import { selectVatRegistry } from './tenants/vat-registry/select-vat-registry';
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
export type TenantDeps = ServiceDeps<TenantConfig>;

/** Streams this service owns and the topics their events are published to. */
export const relayRoutes: RelayRoute[] = [
  { streamPrefix: 'tenant-', topic: Topics.tenantTenants },
  { streamPrefix: 'program-', topic: Topics.tenantPrograms },
  { streamPrefix: 'employee-', topic: Topics.tenantEmployees },
  { streamPrefix: 'client-', topic: Topics.tenantClients },
  { streamPrefix: 'service-', topic: Topics.tenantServices },
];

/**
 * The tenant service, built once: its application services, the routes over them, the consumer of identity's
 * events (the same employees and clients) and the relay's view of the log (plain personal data, ADR 0006).
 */
export async function buildService(deps: TenantDeps): Promise<BuiltService> {
  const { clock } = deps;
  const { eventStore, documents, blobs } = deps.infra;
  const publicUrl = deps.config.PUBLIC_URL;
  const tenants = await createTenantService({
    eventStore,
    documents,
    clock,
    vatRegistry: selectVatRegistry(deps.config),
    logger: deps.logger,
  });
  const programs = await createProgramService({
    eventStore,
    documents,
    tenants,
    publicUrl,
    clock,
    enrolmentLinkMisses: {
      perDevice: deps.config.ENROLMENT_LINK_MISSES_PER_DEVICE,
      perIp: deps.config.ENROLMENT_LINK_MISSES_PER_IP,
      windowSeconds: deps.config.ENROLMENT_LINK_MISS_WINDOW_SECONDS,
    },
  });
  const branding = createBrandingService({ blobs, tenants, publicUrl, clock });
  const catalogue = await createCatalogue({ eventStore, documents, tenants, clock });
  // billing's entitlements: read-only panel on lapse, the customer limit checked before enrolments
  const lapse = subscriptionLapse(deps.infra.documents);
  const staff = await createStaffAndClients({
    ...deps,
    customerLimitFor: async (tenantId) =>
      (await lapse.customerLimitFor(tenantId)) ?? deps.config.DEFAULT_PLAN_CUSTOMER_LIMIT,
    isTrial: (tenantId) => lapse.isTrial(tenantId),
  });

  const routes = async (app: FastifyInstance) => {
    // a lapsed subscription: the panel's changes refused (403 SUBSCRIPTION.LAPSED), customers unaffected
    lapse.guard(app);
    registerEndpoint(app, getPermissions, async () => ({ permissions: [...permissionCatalogue] }));
    await registerUploads(app);
    tenantRoutes(app, tenants, {
      activePrograms: (tenantId) => programs.activePrograms(tenantId),
      brandingChanged: (tenantId, actorId) => branding.rerenderLogo(tenantId, actorId),
      tenantDeleted: (tenantId) => branding.removeImages(tenantId),
    });
    brandingRoutes(app, branding);
    programRoutes(app, programs);
    posterRoutes(app, { tenants, programs, branding, clock });
    catalogueRoutes(app, catalogue);
    employeeRoutes(app, staff.employees);
    clientRoutes(app, staff.clients);
    clientsExportRoutes(app, { documents, clock });
  };

  return {
    routes,
    // identity.users.v1 → employees activated, client accounts linked
    // billing.subscriptions.v1 → whether the panel is writable (subscription-lapse.ts)
    // notification.messages.v1 → marketing consent withdrawn by an unsubscribe link (ADR 0027)
    consumers: [
      identityUsersConsumer(staff, consumerContext(deps)),
      lapse.consumer(consumerContext(deps)),
      companyMessagesConsumer(staff.clients, consumerContext(deps)),
    ],
    relayEventStore: staff.eventStore,
  };
}
