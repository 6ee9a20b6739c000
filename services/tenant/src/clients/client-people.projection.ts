import type { ClientPerson, PersonEnrolment } from '@punkto/contracts/clients';
import { foldText } from '@punkto/contracts/text';
import { createHash } from 'node:crypto';
import { phoneGivenAtEnrolment } from './client';
import { LISTED_CLIENT_STATUSES, type ClientRecord } from './clients.projection';
import { searchTextOf } from './search-text';

/**
 * The `client_people` read model (ADR 0054): the clients list's rows, one document per PERSON of a tenant, derived
 * from the tenant's listed `clients` records (one per enrolment). Pure.
 *
 * A person is one customer account (`userId`), or — for enrolments without an account yet — one e-mail address
 * (`emailKey`). An enrolment without an account whose address is also an enrolment of an account in the same
 * company belongs to that account's person (staff invited the address of someone already in a programme), so
 * linking the account later changes no row. The document id is the tenant and the key; an address-keyed id holds
 * a hash of the address, not the address.
 */
export type PersonKey = { tenantId: string; userId: string } | { tenantId: string; emailKey: string };

export interface PersonRecord {
  tenantId: string;
  /** the key: the account … */
  userId: string | null;
  /** … or, without one, the address (null for an account's person) */
  emailKey: string | null;
  enrolments: Array<PersonEnrolment & { enrolledAt: string }>;
  name: string;
  nameKey: string;
  /** null: a phone-only client (ADR 0056) */
  email: string | null;
  phone: string | null;
  phoneGivenBy: ClientPerson['phoneGivenBy'];
  status: ClientPerson['status'];
  enrolledAt: string;
  searchText: string;
}

export type PersonDoc = PersonRecord & { _id: string };

export const CLIENT_PEOPLE_COLLECTION = 'client_people';

/** sortBy of the paged query → read-model field (the same names as the enrolments' list had) */
export const PERSON_SORT_FIELDS = {
  name: 'nameKey',
  email: 'email',
  enrolledAt: 'enrolledAt',
  status: 'status',
} as const;

const hashOf = (emailKey: string) => createHash('sha256').update(emailKey).digest('base64url').slice(0, 32);

export function personIdOf(key: PersonKey): string {
  return 'userId' in key
    ? `${key.tenantId}:user:${key.userId}`
    : `${key.tenantId}:email:${hashOf(key.emailKey)}`;
}

export const isListed = (record: ClientRecord) => LISTED_CLIENT_STATUSES.includes(record.status as never);

/** The keys a listed enrolment can be a person's row under: its account's and its address's. */
export function keysOfRecord(record: ClientRecord): PersonKey[] {
  const byEmail: PersonKey = { tenantId: record.tenantId, emailKey: record.emailKey };
  return record.userId ? [{ tenantId: record.tenantId, userId: record.userId }, byEmail] : [byEmail];
}

/**
 * The rows an enrolment is (or was) in: its account's and its address's while listed (or reserved); once removed
 * its address is gone from the record (no personal data) but its account stays — a caller that needs the address
 * row too reads the record from before the removal.
 */
export function rowsOfRecord(record: ClientRecord | null): PersonKey[] {
  if (!record) return [];
  if (record.status === 'removed')
    return record.userId ? [{ tenantId: record.tenantId, userId: record.userId }] : [];
  return keysOfRecord(record);
}

export const keyOfPerson = (person: PersonRecord): PersonKey =>
  person.userId
    ? { tenantId: person.tenantId, userId: person.userId }
    : { tenantId: person.tenantId, emailKey: person.emailKey ?? '' };

const changedAt = (r: ClientRecord) => r.changedAt ?? r.enrolledAt;
const byChangedLast = (a: ClientRecord, b: ClientRecord) =>
  changedAt(b).localeCompare(changedAt(a)) || b.clientId.localeCompare(a.clientId);
const byEnrolledFirst = (a: ClientRecord, b: ClientRecord) =>
  a.enrolledAt.localeCompare(b.enrolledAt) || a.clientId.localeCompare(b.clientId);

/**
 * The person's row from the enrolments that belong to the key (the caller has chosen them: the account's listed
 * records and the account-less ones of its addresses, or an address's account-less ones), or null when none is
 * listed — the person leaves the list.
 */
export function personOf(key: PersonKey, records: readonly ClientRecord[]): PersonRecord | null {
  const listed = records.filter(isListed);
  if (!listed.length) return null;
  const latest = [...listed].sort(byChangedLast);
  // a client added by address is named by the address until someone gives a name: a real name wins
  const named = latest.find((r) => r.name !== r.email) ?? latest[0]!;
  const withPhone = latest.find((r) => r.phone !== null);
  const enrolled = [...listed].sort(byEnrolledFirst);
  const name = named.name;
  return {
    tenantId: key.tenantId,
    userId: 'userId' in key ? key.userId : null,
    emailKey: 'emailKey' in key ? key.emailKey : null,
    enrolments: enrolled.map((r) => ({
      clientId: r.clientId,
      programId: r.programId,
      programName: r.programName,
      status: r.status === 'active' ? 'active' : 'invited',
      enrolledAt: r.enrolledAt,
    })),
    name,
    nameKey: foldText(name),
    email: named.email,
    phone: withPhone?.phone ?? null,
    phoneGivenBy: withPhone ? (withPhone.phoneGivenBy ?? phoneGivenAtEnrolment(withPhone)) : null,
    status: listed.some((r) => r.status === 'active') ? 'active' : 'invited',
    enrolledAt: enrolled[0]!.enrolledAt,
    searchText: searchTextOf([...new Set(latest.flatMap((r) => [r.name, r.email, r.phone]))]),
  };
}

/**
 * Which of an address's account-less enrolments belong to the address's own row: none when an account in the
 * company has an enrolment with that address (they are that account's person).
 */
export function addressMembers(withAddress: readonly ClientRecord[]): ClientRecord[] {
  const listed = withAddress.filter(isListed);
  return listed.some((r) => r.userId) ? [] : listed;
}

/** one programme of the person as the API shows it */
export const enrolmentView = ({
  clientId,
  programId,
  programName,
  status,
}: PersonEnrolment): PersonEnrolment => ({
  clientId,
  programId,
  programName,
  status,
});

export function toPersonView(doc: PersonDoc): ClientPerson {
  return {
    id: doc._id,
    userId: doc.userId,
    email: doc.email,
    name: doc.name,
    phone: doc.phone,
    phoneGivenBy: doc.phoneGivenBy,
    status: doc.status,
    enrolledAt: doc.enrolledAt,
    enrolments: doc.enrolments.map(enrolmentView),
  };
}
