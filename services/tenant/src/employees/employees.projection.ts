import type { Employee as EmployeeView, EmployeeStatus } from '@punkto/contracts/employees';
import type { Permission } from '@punkto/contracts/permissions';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import { foldText } from '@punkto/contracts/text';
import { searchTextOf } from '../clients/search-text';
import type { EmployeeEvent } from './employee';

/**
 * The `employees` read model: one document per employee (`_id` = employee id), revision-checked (event N
 * applies only to revision N-1) and rebuildable from the `employee-*` streams (while the person keys exist).
 *
 * `(tenantId, emailKey)` is UNIQUE: that is how "one e-mail per tenant" holds across aggregates. Before
 * InviteEmployee the service inserts a RESERVATION (`status: 'inviting'`, `lastRevision: -1`); a second
 * reservation for the same address in the same tenant violates the index, so two concurrent invitations
 * cannot both pass. EmployeeInvited (revision 0) turns it into the employee; a reservation left behind by a
 * crash is reused by the next invitation of that address (same employee id). A removed employee keeps the
 * document without personal data and with `emailKey: removed:<id>`, which frees the address.
 *
 * Lists filter on `tenantId` + live statuses, search `searchText` (folded name + e-mail) and sort by the
 * folded `nameKey` (see clients/search-text.ts).
 */
export type EmployeeRecordStatus = 'inviting' | EmployeeStatus;

export interface EmployeeRecord {
  employeeId: string;
  tenantId: string;
  email: string;
  emailKey: string;
  name: string;
  nameKey: string;
  permissions: Permission[];
  status: EmployeeRecordStatus;
  invitedAt: string;
  activatedAt: string | null;
  searchText: string;
}

export type EmployeeRecordDoc = ProjectionDoc<EmployeeRecord> | Tombstone;

export const EMPLOYEES_COLLECTION = 'employees';
export const EMPLOYEES_EMAIL_INDEX = 'employees_tenant_email_unique';
export const LISTED_EMPLOYEE_STATUSES: EmployeeStatus[] = ['invited', 'active'];
export const removedEmailKey = (employeeId: string) => `removed:${employeeId}`;

/** sortBy of the paged query → read-model field */
export const EMPLOYEE_SORT_FIELDS = {
  name: 'nameKey',
  email: 'email',
  invitedAt: 'invitedAt',
  status: 'status',
} as const;

export async function ensureEmployeeIndexes(employees: Collection<EmployeeRecordDoc>) {
  await employees.ensureIndex({
    fields: { tenantId: 1, emailKey: 1 },
    unique: true,
    name: EMPLOYEES_EMAIL_INDEX,
  });
  // covers the list's filter (a tenant has tens of employees: the other sort orders sort those in memory)
  await employees.ensureIndex({
    fields: { tenantId: 1, nameKey: 1, status: 1, searchText: 1 },
    name: 'employees_list',
  });
}

function withKeys(record: Omit<EmployeeRecord, 'nameKey' | 'searchText' | 'emailKey'>): EmployeeRecord {
  return {
    ...record,
    emailKey: record.status === 'removed' ? removedEmailKey(record.employeeId) : record.email,
    nameKey: foldText(record.name),
    searchText: searchTextOf([record.name, record.email]),
  };
}

/** Pure: the record after one event. */
export function applyEmployeeEvent(
  current: EmployeeRecord | null,
  event: EmployeeEvent,
): EmployeeRecord | null {
  if (event.type === 'EmployeeInvited') {
    const { employeeId, tenantId, email, name, permissions, invitedAt } = event.data;
    return withKeys({
      employeeId,
      tenantId,
      email,
      name,
      permissions,
      status: 'invited',
      invitedAt,
      activatedAt: null,
    });
  }
  if (!current) return null;
  switch (event.type) {
    case 'EmployeeUpdated':
      return withKeys({ ...current, name: event.data.name });
    case 'EmployeePermissionsChanged':
      return { ...current, permissions: event.data.permissions };
    case 'EmployeePasswordResetRequested':
    case 'EmployeeInvitationResent':
      return current;
    case 'EmployeeActivated':
      return { ...current, status: 'active', activatedAt: event.data.activatedAt };
    case 'EmployeeEmailChanged':
      // the old address is free in this company from now on, the new one taken (the unique index)
      return withKeys({ ...current, email: event.data.email });
    case 'EmployeeRemoved':
      // no personal data stays behind (the person's key is shredded too)
      return withKeys({ ...current, status: 'removed', email: '', name: '' });
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

/** The reservation document inserted before InviteEmployee (see above). */
export function reservation(
  record: Pick<EmployeeRecord, 'employeeId' | 'tenantId' | 'email' | 'name' | 'permissions' | 'invitedAt'>,
): ProjectionDoc<EmployeeRecord> {
  return {
    ...withKeys({ ...record, status: 'inviting', activatedAt: null }),
    _id: record.employeeId,
    lastRevision: -1,
  };
}

export function toEmployeeView(record: EmployeeRecord): EmployeeView {
  return {
    id: record.employeeId,
    tenantId: record.tenantId,
    email: record.email,
    name: record.name,
    permissions: record.permissions,
    status: record.status === 'inviting' ? 'invited' : record.status,
    invitedAt: record.invitedAt,
    activatedAt: record.activatedAt,
  };
}
