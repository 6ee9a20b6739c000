import type { CatalogueService, ServiceInput } from '@punkto/contracts/catalogue';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { readProjection } from '@punkto/platform/projections/projection';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { TenantService } from '../tenants/tenant.service';
import { toServiceStreamId, type CatalogueServiceState } from './catalogue-service';
import { serviceDecider, type ServiceCommand } from './catalogue-service.decider';
import { ServiceNotFoundError } from './catalogue.errors';
import { normaliseServiceName, serviceNameClaims } from './catalogue.names';
import {
  applyServiceEvent,
  ensureServiceIndexes,
  SERVICES_COLLECTION,
  type ServiceRecord,
  type ServiceRecordDoc,
} from './catalogue.projection';

type Input = z.infer<typeof ServiceInput>;

export interface CatalogueDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  tenants: TenantService;
  clock: () => Date;
}

const collator = new Intl.Collator('pl-PL', { sensitivity: 'base' });

const toService = (record: ServiceRecord): CatalogueService => ({
  id: record.serviceId,
  tenantId: record.tenantId,
  name: record.name,
  priceGrosze: record.priceGrosze,
  fixedPoints: record.fixedPoints,
  active: record.active,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

function serviceOf(state: CatalogueServiceState): CatalogueService {
  if (state.status !== 'active') throw new ServiceNotFoundError();
  const { definition, createdAt } = state;
  return toService({ ...definition, createdAt, updatedAt: definition.definedAt });
}

/** the catalogue's projection, name claims and stream handler */
async function catalogueContext(deps: CatalogueDeps) {
  const { eventStore, documents, tenants, clock } = deps;
  const services = documents.collection<ServiceRecordDoc>(SERVICES_COLLECTION);
  await ensureServiceIndexes(services);
  const findRecord = async (serviceId: string) => readProjection<ServiceRecord>(services, serviceId);
  const names = serviceNameClaims(documents, {
    clock,
    currentName: async (serviceId) => (await findRecord(serviceId))?.name ?? null,
  });
  const aggregate = projectedCommandHandler({
    eventStore,
    decider: serviceDecider,
    streamId: toServiceStreamId,
    collection: services,
    apply: applyServiceEvent,
  });
  const run = (serviceId: string, tenantId: string, actorId: string, command: ServiceCommand) =>
    aggregate.run(serviceId, command, { tenantId, actorId });
  return { tenants, clock, services, findRecord, names, run };
}
export type CatalogueContext = Awaited<ReturnType<typeof catalogueContext>>;

/** A live service of this tenant or 404. */
async function ownRecord(ctx: CatalogueContext, tenantId: string, serviceId: string): Promise<ServiceRecord> {
  const record = await ctx.findRecord(serviceId);
  if (!record || record.tenantId !== tenantId) throw new ServiceNotFoundError();
  return record;
}

export async function listServices(ctx: CatalogueContext, tenantId: string): Promise<CatalogueService[]> {
  await ctx.tenants.activeTenant(tenantId);
  const records = (await ctx.services.find({ tenantId })) as ServiceRecord[];
  return records.sort((a, b) => collator.compare(a.name, b.name)).map(toService);
}

/** a new service under a name no other live service of the tenant holds */
export async function createService(
  ctx: CatalogueContext,
  tenantId: string,
  actorId: string,
  input: Input,
): Promise<CatalogueService> {
  await ctx.tenants.writableTenant(tenantId);
  const serviceId = randomUUID();
  await ctx.names.claim(tenantId, input.name, serviceId);
  try {
    const result = await ctx.run(serviceId, tenantId, actorId, {
      type: 'DefineService',
      data: { serviceId, tenantId, input },
      metadata: { now: ctx.clock() },
    });
    return serviceOf(result.newState);
  } catch (error) {
    await ctx.names.release(tenantId, input.name, serviceId);
    throw error;
  }
}

/** the service redefined; a new name is claimed first and the old one released after */
export async function updateService(
  ctx: CatalogueContext,
  tenantId: string,
  serviceId: string,
  actorId: string,
  input: Input,
) {
  await ctx.tenants.writableTenant(tenantId);
  const current = await ownRecord(ctx, tenantId, serviceId);
  const renamed = normaliseServiceName(current.name) !== normaliseServiceName(input.name);
  if (renamed) await ctx.names.claim(tenantId, input.name, serviceId);
  try {
    const result = await ctx.run(serviceId, tenantId, actorId, {
      type: 'RedefineService',
      data: { serviceId, tenantId, input },
      metadata: { now: ctx.clock() },
    });
    if (renamed) await ctx.names.release(tenantId, current.name, serviceId);
    return serviceOf(result.newState);
  } catch (error) {
    if (renamed) await ctx.names.release(tenantId, input.name, serviceId);
    throw error;
  }
}

export async function deleteService(
  ctx: CatalogueContext,
  tenantId: string,
  serviceId: string,
  actorId: string,
): Promise<void> {
  await ctx.tenants.writableTenant(tenantId);
  const record = await ctx.findRecord(serviceId);
  await ctx.run(serviceId, tenantId, actorId, {
    type: 'DeleteService',
    data: { serviceId, tenantId },
    metadata: { now: ctx.clock() },
  });
  if (record && record.tenantId === tenantId) await ctx.names.release(tenantId, record.name, serviceId);
}

/**
 * The use cases behind /tenants/{id}/services: every change goes through the catalogue Service decider and
 * is projected into `services`; the relay publishes service-* on tenant.services.v1. Names are unique per
 * tenant among services that are not deleted (case- and spacing-insensitive), by name claims.
 */
export async function createCatalogue(deps: CatalogueDeps) {
  const ctx = await catalogueContext(deps);
  return {
    listServices: (tenantId: string) => listServices(ctx, tenantId),
    createService: (tenantId: string, actorId: string, input: Input) =>
      createService(ctx, tenantId, actorId, input),
    updateService: (tenantId: string, serviceId: string, actorId: string, input: Input) =>
      updateService(ctx, tenantId, serviceId, actorId, input),
    deleteService: (tenantId: string, serviceId: string, actorId: string) =>
      deleteService(ctx, tenantId, serviceId, actorId),
  };
}

export type Catalogue = Awaited<ReturnType<typeof createCatalogue>>;
