import type { Decider } from '@punkto/platform/es/decider';
import { evolve, initialState, type Tenant, type TenantEvent } from './tenant';
import { TenantAlreadyExistsError } from './tenant.errors';

/**
 * Commands of the Tenant aggregate. Time arrives in `metadata.now`. "One tenant per owner" spans
 * aggregates, so it is checked before the command against the `tenants` read model (tenants.projection.ts);
 * the decider guards its own stream.
 */
type Cmd<T extends string, D> = { type: T; data: D; metadata: { now: Date } };

export type CreateTenant = Cmd<
  'CreateTenant',
  { tenantId: string; ownerId: string; companyName: string; nip: string }
>;

export type TenantCommand = CreateTenant;

export function decide(command: TenantCommand, state: Tenant): TenantEvent | TenantEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'CreateTenant': {
      if (state.status !== 'none') throw new TenantAlreadyExistsError();
      return { type: 'TenantCreated', data: { ...command.data, createdAt: at } };
    }
    default: {
      const _exhaustive: never = command.type;
      throw new Error(`unknown command ${String(_exhaustive)}`);
    }
  }
}

export const tenantDecider: Decider<Tenant, TenantCommand, TenantEvent> = { decide, evolve, initialState };
