import type { ServiceDefinedData } from '@punkto/contracts/integration-events';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { StoredEvent } from '@punkto/platform/event-store/event-store.port';
import { projectEvent, type ProjectionDoc, type Tombstone } from '@punkto/platform/projections/projection';
import type { ServiceEvent } from './catalogue-service';

/**
 * The `services` read model: one document per catalogue service (`_id` = service id), revision-checked and
 * rebuildable from the `service-*` streams. A deleted service leaves a tombstone (no `tenantId`, so
 * per-tenant queries never see it).
 */
export interface ServiceRecord extends ServiceDefinedData {
  createdAt: string;
  updatedAt: string;
}

export type ServiceRecordDoc = ProjectionDoc<ServiceRecord> | Tombstone;

export const SERVICES_COLLECTION = 'services';

export async function ensureServiceIndexes(services: Collection<ServiceRecordDoc>) {
  await services.ensureIndex({ fields: { tenantId: 1 }, name: 'services_tenant' });
}

/** Pure: the record after one event. */
export function applyServiceEvent(current: ServiceRecord | null, event: ServiceEvent): ServiceRecord | null {
  switch (event.type) {
    case 'ServiceDefined':
      return {
        ...event.data,
        createdAt: current?.createdAt ?? event.data.definedAt,
        updatedAt: event.data.definedAt,
      };
    case 'ServiceDeleted':
      return null;
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

export async function projectServiceEvents(
  services: Collection<ServiceRecordDoc>,
  serviceId: string,
  events: Array<{ event: ServiceEvent; revision: number }>,
) {
  for (const { event, revision } of events) {
    await projectEvent<ServiceRecord>(services, {
      id: serviceId,
      streamRevision: revision,
      apply: (current) => applyServiceEvent(current, event),
    });
  }
}

export async function rebuildService(
  services: Collection<ServiceRecordDoc>,
  serviceId: string,
  stream: StoredEvent[],
) {
  await projectServiceEvents(
    services,
    serviceId,
    stream.map((e) => ({ event: { type: e.type, data: e.data } as ServiceEvent, revision: e.revision })),
  );
}
