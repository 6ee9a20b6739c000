import type { Collection } from '@punkto/platform/documents/document-store.port';
import { normaliseHttpsUrl } from '@punkto/contracts/web-addresses';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import {
  EMPTY_TENANT_DETAILS,
  evolve,
  initialState,
  type Tenant,
  type TenantData,
  type TenantEvent,
} from './tenant';

/**
 * The `tenants` read model: one document per tenant (`_id` = tenant id), revision-checked (event N applies
 * only to revision N-1) and rebuildable from the `tenant-*` streams. The record is the aggregate's own state
 * (`evolve` of tenant.ts), so the two never disagree about what an event means.
 *
 * `ownerId` is UNIQUE: it is how "one tenant per owner" holds across aggregates. Before CreateTenant the
 * service inserts a RESERVATION (`status: 'creating'`, `lastRevision: -1`); a second reservation for the same
 * owner violates the index, so two concurrent creations cannot both pass. TenantCreated (revision 0) turns the
 * reservation into the tenant. A reservation left behind by a crash before the append is reused by the
 * owner's next attempt (same tenant id), so nobody is locked out.
 *
 * A DELETED tenant keeps a record without company data whose `ownerId` is the placeholder
 * `deleted:<tenantId>` (the real owner moves to `formerOwnerId`) — never a tombstone, so the unique index
 * behaves the same on every adapter and the owner is free to create a new company.
 */
export type TenantStatus = 'creating' | 'active' | 'deleted';

export interface TenantRecord extends TenantData {
  status: TenantStatus;
  deletedAt: string | null;
  /** the owner of a deleted tenant (`ownerId` then holds the placeholder) */
  formerOwnerId?: string;
}

export type TenantRecordDoc = ProjectionDoc<TenantRecord> | Tombstone;

export const TENANTS_COLLECTION = 'tenants';
export const TENANTS_OWNER_INDEX = 'tenants_owner_unique';
export const deletedOwnerId = (tenantId: string) => `deleted:${tenantId}`;

export async function ensureTenantIndexes(tenants: Collection<TenantRecordDoc>) {
  await tenants.ensureIndex({ fields: { ownerId: 1 }, unique: true, name: TENANTS_OWNER_INDEX });
  // not unique (a deleted company's NIP is '', companies from before ADR 0035 may share one): nip-reservations.ts
  await tenants.ensureIndex({ fields: { nip: 1 } });
}

/** A record written before the extended tenant data existed reads with the defaults. */
export function withDefaults(record: TenantRecord): TenantRecord {
  return {
    ...EMPTY_TENANT_DETAILS,
    ...record,
    contact: readableContact(record.contact),
    updatedAt: record.updatedAt ?? record.createdAt,
    deletedAt: record.deletedAt ?? null,
  };
}

function toState(record: TenantRecord | null): Tenant {
  if (!record || record.status === 'creating') return initialState();
  if (record.status === 'deleted')
    return {
      status: 'deleted',
      tenantId: record.tenantId,
      ownerId: record.formerOwnerId ?? record.ownerId,
      deletedAt: record.deletedAt ?? record.updatedAt,
    };
  const { status: _status, deletedAt: _deletedAt, formerOwnerId: _former, ...data } = withDefaults(record);
  return { status: 'active', ...data };
}

/** Pure: the record after one event. */
export function applyTenantEvent(current: TenantRecord | null, event: TenantEvent): TenantRecord | null {
  const state = evolve(toState(current), event);
  switch (state.status) {
    case 'none':
      return current;
    case 'active': {
      const { status: _status, ...data } = state;
      return { ...data, status: 'active', deletedAt: null };
    }
    case 'deleted':
      return {
        tenantId: state.tenantId,
        ownerId: deletedOwnerId(state.tenantId),
        formerOwnerId: state.ownerId,
        companyName: '',
        nip: '',
        ...EMPTY_TENANT_DETAILS,
        createdAt: current?.createdAt ?? state.deletedAt,
        updatedAt: state.deletedAt,
        status: 'deleted',
        deletedAt: state.deletedAt,
      };
    default: {
      const _exhaustive: never = state;
      return current;
    }
  }
}

/** The reservation document inserted before CreateTenant (see above). */
export function reservation(
  record: Pick<TenantRecord, 'tenantId' | 'ownerId' | 'companyName' | 'nip' | 'createdAt'>,
): ProjectionDoc<TenantRecord> {
  return {
    ...EMPTY_TENANT_DETAILS,
    updatedAt: record.createdAt,
    deletedAt: null,
    ...record,
    status: 'creating',
    _id: record.tenantId,
    lastRevision: -1,
  };
}

/**
 * The contact as the answer can carry it (issue 36): a website stored before the https rule (a space, a quote,
 * `http:`) is answered normalised, or left out, instead of breaking every read of the company with a 500.
 */
function readableContact(contact: TenantRecord['contact'] | undefined): TenantRecord['contact'] {
  if (!contact?.website) return contact ?? null;
  const website = normaliseHttpsUrl(contact.website);
  if (website === contact.website) return contact;
  const { website: _dropped, ...rest } = contact;
  return website ? { ...rest, website } : rest;
}
