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

/**
 * The use cases behind /tenants/{id}/services: every change goes through the catalogue Service decider and
 * is projected into `services`; the relay publishes service-* on tenant.services.v1. Names are unique per
 * tenant among services that are not deleted (case- and spacing-insensitive), by name claims.
 */
export async function createCatalogue(deps: CatalogueDeps) {
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

  async function run(serviceId: string, tenantId: string, actorId: string, command: ServiceCommand) {
    return aggregate.run(serviceId, command, { tenantId, actorId });
  }

  /** A live service of this tenant or 404. */
  async function ownRecord(tenantId: string, serviceId: string): Promise<ServiceRecord> {
    const record = await findRecord(serviceId);
    if (!record || record.tenantId !== tenantId) throw new ServiceNotFoundError();
    return record;
  }

  return {
    async listServices(tenantId: string): Promise<CatalogueService[]> {
      await tenants.activeTenant(tenantId);
      const records = (await services.find({ tenantId })) as ServiceRecord[];
      return records.sort((a, b) => collator.compare(a.name, b.name)).map(toService);
    },

    async createService(tenantId: string, actorId: string, input: Input): Promise<CatalogueService> {
      await tenants.writableTenant(tenantId);
      const serviceId = randomUUID();
      await names.claim(tenantId, input.name, serviceId);
      try {
        const result = await run(serviceId, tenantId, actorId, {
          type: 'DefineService',
          data: { serviceId, tenantId, input },
          metadata: { now: clock() },
        });
        return serviceOf(result.newState);
      } catch (error) {
        await names.release(tenantId, input.name, serviceId);
        throw error;
      }
    },

    async updateService(tenantId: string, serviceId: string, actorId: string, input: Input) {
      await tenants.writableTenant(tenantId);
      const current = await ownRecord(tenantId, serviceId);
      const renamed = normaliseServiceName(current.name) !== normaliseServiceName(input.name);
      if (renamed) await names.claim(tenantId, input.name, serviceId);
      try {
        const result = await run(serviceId, tenantId, actorId, {
          type: 'RedefineService',
          data: { serviceId, tenantId, input },
          metadata: { now: clock() },
        });
        if (renamed) await names.release(tenantId, current.name, serviceId);
        return serviceOf(result.newState);
      } catch (error) {
        if (renamed) await names.release(tenantId, input.name, serviceId);
        throw error;
      }
    },

    async deleteService(tenantId: string, serviceId: string, actorId: string): Promise<void> {
      await tenants.writableTenant(tenantId);
      const record = await findRecord(serviceId);
      await run(serviceId, tenantId, actorId, {
        type: 'DeleteService',
        data: { serviceId, tenantId },
        metadata: { now: clock() },
      });
      if (record && record.tenantId === tenantId) await names.release(tenantId, record.name, serviceId);
    },
  };
}

export type Catalogue = Awaited<ReturnType<typeof createCatalogue>>;
