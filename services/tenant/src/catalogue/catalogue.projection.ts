import type { ServiceDefinedData } from '@punkto/contracts/integration-events';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
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
