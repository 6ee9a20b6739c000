import { toStreamId } from '@punkto/contracts/events';

/** The Tenant aggregate (event-sourced, stream `tenant-<id>`): events, state and evolve. Pure. */

export const toTenantStreamId = (tenantId: string) => toStreamId('tenant', tenantId);
export const TENANT_STREAM_PREFIX = 'tenant-';

export type TenantCreated = {
  type: 'TenantCreated';
  data: { tenantId: string; ownerId: string; companyName: string; nip: string; createdAt: string };
};

export type TenantEvent = TenantCreated;

export interface TenantData {
  tenantId: string;
  ownerId: string;
  companyName: string;
  /** 10 digits, no separators */
  nip: string;
  createdAt: string;
}

export type Tenant = { status: 'none' } | ({ status: 'active' } & TenantData);

export const initialState = (): Tenant => ({ status: 'none' });

export function evolve(state: Tenant, event: TenantEvent): Tenant {
  switch (event.type) {
    case 'TenantCreated':
      return { status: 'active', ...event.data };
    default: {
      const _exhaustive: never = event.type;
      return state;
    }
  }
}
