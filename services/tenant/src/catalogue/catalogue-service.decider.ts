import type { z } from 'zod';
import type { ServiceInput } from '@punkto/contracts/catalogue';
import { type Decider, type Command } from '@punkto/platform/es/decider';
import { ConflictError } from '@punkto/platform/errors/errors';
import { evolve, initialState, type CatalogueServiceState, type ServiceEvent } from './catalogue-service';
import { ServiceNotFoundError } from './catalogue.errors';

/**
 * Commands of the catalogue Service aggregate; time arrives in `metadata.now`. A deleted service or one of
 * another tenant is not found; deleting twice changes nothing. "Unique name per tenant" spans aggregates
 * and is enforced by the service with name claims (catalogue.names.ts) before the command.
 */
type Definition = { serviceId: string; tenantId: string; input: z.infer<typeof ServiceInput> };

export type DefineService = Command<'DefineService', Definition>;
export type RedefineService = Command<'RedefineService', Definition>;
export type DeleteService = Command<'DeleteService', { serviceId: string; tenantId: string }>;
export type ServiceCommand = DefineService | RedefineService | DeleteService;

export function decide(command: ServiceCommand, state: CatalogueServiceState): ServiceEvent[] {
  const at = command.metadata.now.toISOString();
  const ownedBy = (tenantId: string) =>
    (state.status === 'active' ? state.definition.tenantId : state.status === 'deleted' && state.tenantId) ===
    tenantId;
  const defined = (data: Definition, version: number): ServiceEvent => ({
    type: 'ServiceDefined',
    data: {
      serviceId: data.serviceId,
      tenantId: data.tenantId,
      version,
      name: data.input.name,
      priceGrosze: data.input.priceGrosze,
      fixedPoints: data.input.fixedPoints,
      active: data.input.active,
      definedAt: at,
    },
  });
  switch (command.type) {
    case 'DefineService':
      if (state.status !== 'none') throw new ConflictError();
      return [defined(command.data, 1)];
    case 'RedefineService':
      if (state.status !== 'active' || !ownedBy(command.data.tenantId)) throw new ServiceNotFoundError();
      return [defined(command.data, state.definition.version + 1)];
    case 'DeleteService':
      if (state.status === 'none' || !ownedBy(command.data.tenantId)) throw new ServiceNotFoundError();
      if (state.status === 'deleted') return [];
      return [
        {
          type: 'ServiceDeleted',
          data: { serviceId: command.data.serviceId, tenantId: command.data.tenantId, deletedAt: at },
        },
      ];
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${String((_exhaustive as { type: string }).type)}`);
    }
  }
}

export const serviceDecider: Decider<CatalogueServiceState, ServiceCommand, ServiceEvent> = {
  decide,
  evolve,
  initialState,
};
