import type { Client as ClientView, ClientStatus } from '@punkto/contracts/clients';
import type { Collection } from '@punkto/platform/documents/document-store.port';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import { phoneGivenAtEnrolment, type ClientEvent } from './client';
import { foldText } from '@punkto/contracts/text';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { searchTextOf } from './search-text';

/**
 * The `clients` read model: one document per client (`_id` = client id), revision-checked (event N applies
 * only to revision N-1) and rebuildable from the `client-*` streams (while the person keys exist).
 *
 * `(tenantId, programId, emailKey)` is UNIQUE: a customer is enrolled in a program once. Before EnrollClient
 * the service inserts a RESERVATION (`status: 'enrolling'`, `lastRevision: -1`); a concurrent second
 * enrolment of the same address violates the index. ClientEnrolled (revision 0) turns it into the client; a
 * reservation left behind by a crash is reused by the next enrolment of that address (same client id). A
 * removed client keeps its document without personal data and with `emailKey: removed:<id>`, which frees
 * the address.
 *
 * The clients list shows people, not these records: `client_people` is kept from them (client-people.ts, ADR
 * 0054). `searchText` (folded name, e-mail, phone and the phone's digits) and `nameKey` stay for the export and
 * the seats.
 */
export type ClientRecordStatus = 'enrolling' | ClientStatus;

export interface ClientRecord {
  clientId: string;
  tenantId: string;
  programId: string;
  programName: string;
  userId: string | null;
  /** null: a phone-only client (ADR 0056) */
  email: string | null;
  /** the e-mail, or for a phone-only client its holder key (`client:<id>`, never shared), or `removed:<id>` */
  emailKey: string;
  name: string;
  nameKey: string;
  phone: string | null;
  /** who gave `phone` (absent in records written before it was kept: derived from `source`) */
  phoneGivenBy?: ClientView['phoneGivenBy'];
  source: ClientView['source'];
  status: ClientRecordStatus;
  enrolledAt: string;
  searchText: string;
  /** the consent given at enrolment (ClientEnrolled); absent in records projected before it was kept */
  marketingConsent?: boolean;
  /**
   * when the name or phone last changed (enrolment, rename, phone change); the person list shows the details of
   * the enrolment changed last (client-people.ts). Absent in records projected before it was kept: enrolledAt.
   */
  changedAt?: string;
}

export type ClientRecordDoc = ProjectionDoc<ClientRecord> | Tombstone;

export const CLIENTS_COLLECTION = 'clients';
export const CLIENTS_ENROLMENT_INDEX = 'clients_tenant_program_email_unique';
export const LISTED_CLIENT_STATUSES: ClientStatus[] = ['invited', 'active'];
export const removedClientEmailKey = (clientId: string) => `removed:${clientId}`;

export async function ensureClientIndexes(clients: Collection<ClientRecordDoc>) {
  await clients.ensureIndex({
    fields: { tenantId: 1, programId: 1, emailKey: 1 },
    unique: true,
    name: CLIENTS_ENROLMENT_INDEX,
  });
  // the default list (by name) with its filter fields: MongoDB answers it from the index; on SQLite the
  // tenant prefix narrows the rows (docs/BENCHMARKS.md, clients search). Other orders sort the tenant's rows.
  await clients.ensureIndex({
    fields: { tenantId: 1, nameKey: 1, status: 1, searchText: 1 },
    name: 'clients_list',
  });
  // the search's substring (SQLite: an FTS5 trigram index narrows a term of 3+ characters before the same
  // $regex checks it; MongoDB keeps answering from clients_list above — docs/BENCHMARKS.md, clients search)
  await clients.ensureIndex({ fields: { searchText: 1 }, substring: true, name: 'clients_search' });
  await clients.ensureIndex({ fields: { tenantId: 1, enrolledAt: 1 }, name: 'clients_tenant_enrolled' });
  // a person's enrolments in the company (the row of the list, ADR 0054) and a phone-only client's phone in a
  // programme (the duplicate check, ADR 0056): without them each enrolment read all of the tenant's records, which an
  // import of thousands of rows turned quadratic (ADR 0059)
  await clients.ensureIndex({ fields: { tenantId: 1, emailKey: 1 }, name: 'clients_person' });
  await clients.ensureIndex({ fields: { tenantId: 1, phone: 1 }, name: 'clients_phone' });
  // a customer's client records in every company (their phone changed: UserPhoneChanged)
  await clients.ensureIndex({ fields: { userId: 1 }, name: 'clients_user' });
}

function withKeys(record: Omit<ClientRecord, 'nameKey' | 'searchText' | 'emailKey'>): ClientRecord {
  return {
    ...record,
    emailKey:
      record.status === 'removed'
        ? removedClientEmailKey(record.clientId)
        : (record.email ?? phoneOnlyHolder(record.clientId)),
    nameKey: foldText(record.name),
    searchText: searchTextOf([record.name, record.email, record.phone]),
  };
}

/** Pure: the record after one event. */
export function applyClientEvent(current: ClientRecord | null, event: ClientEvent): ClientRecord | null {
  if (event.type === 'ClientEnrolled') {
    const { clientId, tenantId, programId, programName, userId, email, name, phone, source, enrolledAt } =
      event.data;
    return withKeys({
      marketingConsent: event.data.marketingConsent,
      clientId,
      tenantId,
      programId,
      programName,
      userId,
      email,
      name,
      phone,
      phoneGivenBy: phoneGivenAtEnrolment({ phone, source }),
      source,
      // a phone-only client's card is issued at once: no account is awaited (ADR 0056)
      status: userId === null && email !== null ? 'invited' : 'active',
      enrolledAt,
      changedAt: enrolledAt,
    });
  }
  if (!current) return null;
  switch (event.type) {
    case 'ClientAccountLinked':
      return { ...current, userId: event.data.userId, status: 'active' };
    case 'ClientPhoneChanged': {
      const { phone, givenBy, changedAt } = event.data;
      return withKeys({ ...current, phone, phoneGivenBy: phone === null ? null : givenBy, changedAt });
    }
    case 'ClientMarketingConsentWithdrawn':
      return { ...current, marketingConsent: false };
    case 'ClientRenamed':
      return withKeys({ ...current, name: event.data.name, changedAt: event.data.renamedAt });
    case 'ClientEmailGiven':
      // the card stays active while identity links the account (ClientAccountLinked)
      return withKeys({
        ...current,
        email: event.data.email,
        marketingConsent: event.data.marketingConsent,
        changedAt: event.data.givenAt,
      });
    case 'ClientRemoved':
      // no personal data stays behind (the person's key is shredded too)
      return withKeys({
        ...current,
        status: 'removed',
        email: null,
        name: '',
        phone: null,
        phoneGivenBy: null,
      });
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

/** The reservation document inserted before EnrollClient (see above). */
export function reservation(
  record: Omit<ClientRecord, 'nameKey' | 'searchText' | 'emailKey' | 'status'>,
): ProjectionDoc<ClientRecord> {
  return { ...withKeys({ ...record, status: 'enrolling' }), _id: record.clientId, lastRevision: -1 };
}

/** the record as the API shows it, without the person's other programmes (getClient adds them) */
export function toClientView(record: ClientRecord): Omit<ClientView, 'otherProgrammes'> {
  return {
    id: record.clientId,
    tenantId: record.tenantId,
    userId: record.userId,
    email: record.email,
    name: record.name,
    phone: record.phone,
    phoneGivenBy: record.phoneGivenBy ?? phoneGivenAtEnrolment(record),
    programId: record.programId,
    programName: record.programName,
    status: record.status === 'enrolling' ? 'invited' : record.status,
    source: record.source,
    enrolledAt: record.enrolledAt,
  };
}
