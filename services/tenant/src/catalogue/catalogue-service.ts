import { toStreamId } from '@punkto/contracts/events';
import type { ServiceDefinedData, ServiceDeletedData } from '@punkto/contracts/integration-events';

/**
 * The catalogue Service aggregate (event-sourced, stream `service-<id>`): one service a tenant offers
 * (name, price, optional fixed points). Events, state and evolve; pure. ServiceDefined carries the whole
 * current definition with a version growing by one per definition (tenant.services.v1).
 */

export const toServiceStreamId = (serviceId: string) => toStreamId('service', serviceId);

export type ServiceDefined = { type: 'ServiceDefined'; data: ServiceDefinedData };
export type ServiceDeleted = { type: 'ServiceDeleted'; data: ServiceDeletedData };
export type ServiceEvent = ServiceDefined | ServiceDeleted;

export type CatalogueServiceState =
  | { status: 'none' }
  | { status: 'active'; definition: ServiceDefinedData; createdAt: string }
  | { status: 'deleted'; serviceId: string; tenantId: string; deletedAt: string };

export const initialState = (): CatalogueServiceState => ({ status: 'none' });

export function evolve(state: CatalogueServiceState, event: ServiceEvent): CatalogueServiceState {
  switch (event.type) {
    case 'ServiceDefined':
      return {
        status: 'active',
        definition: event.data,
        createdAt: state.status === 'active' ? state.createdAt : event.data.definedAt,
      };
    case 'ServiceDeleted':
      return { status: 'deleted', ...event.data };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
