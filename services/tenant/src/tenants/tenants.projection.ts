import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { StoredEvent } from '@punkto/platform/event-store/event-store.port';
import { projectEvent, type ProjectionDoc, type Tombstone } from '@punkto/platform/projections/projection';
import type { TenantEvent } from './tenant';

/**
 * The `tenants` read model: one document per tenant (`_id` = tenant id), revision-checked (event N applies
 * only to revision N-1) and rebuildable from the `tenant-*` streams.
 *
 * `ownerId` is UNIQUE: it is how "one tenant per owner" holds across aggregates. Before CreateTenant the
 * service inserts a RESERVATION (`status: 'creating'`, `lastRevision: -1`); a second reservation for the same
 * owner violates the index, so two concurrent creations cannot both pass. TenantCreated (revision 0) turns the
 * reservation into the tenant. A reservation left behind by a crash before the append is reused by the
 * owner's next attempt (same tenant id), so nobody is locked out.
 */
export type TenantStatus = 'creating' | 'active';

export interface TenantRecord {
  tenantId: string;
  ownerId: string;
  companyName: string;
  nip: string;
  status: TenantStatus;
  createdAt: string;
}

export type TenantRecordDoc = ProjectionDoc<TenantRecord> | Tombstone;

export const TENANTS_COLLECTION = 'tenants';
export const TENANTS_OWNER_INDEX = 'tenants_owner_unique';

export async function ensureTenantIndexes(tenants: Collection<TenantRecordDoc>) {
  await tenants.ensureIndex({ fields: { ownerId: 1 }, unique: true, name: TENANTS_OWNER_INDEX });
}

/** Pure: the record after one event. */
export function applyTenantEvent(_current: TenantRecord | null, event: TenantEvent): TenantRecord | null {
  switch (event.type) {
    case 'TenantCreated':
      return { ...event.data, status: 'active' };
    default: {
      const _exhaustive: never = event.type;
      return _current;
    }
  }
}

/** The reservation document inserted before CreateTenant (see above). */
export function reservation(record: Omit<TenantRecord, 'status'>): ProjectionDoc<TenantRecord> {
  return { ...record, status: 'creating', _id: record.tenantId, lastRevision: -1 };
}

/** Projects events of one tenant stream in order. */
export async function projectTenantEvents(
  tenants: Collection<TenantRecordDoc>,
  tenantId: string,
  events: Array<{ event: TenantEvent; revision: number }>,
) {
  for (const { event, revision } of events) {
    await projectEvent<TenantRecord>(tenants, {
      id: tenantId,
      streamRevision: revision,
      apply: (current) => applyTenantEvent(current, event),
    });
  }
}

/** Catches one tenant's record up with its stream (after a crash between append and projection). */
export async function rebuildTenant(
  tenants: Collection<TenantRecordDoc>,
  tenantId: string,
  stream: StoredEvent[],
) {
  await projectTenantEvents(
    tenants,
    tenantId,
    stream.map((e) => ({ event: { type: e.type, data: e.data } as TenantEvent, revision: e.revision })),
  );
}
