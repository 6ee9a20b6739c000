import type { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { defaultBranding, type Branding } from '@punkto/contracts/tenant';
import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { foldText, regexLiteral } from '@punkto/contracts/text';

/**
 * What the card ledger keeps of tenant.clients.v1 and tenant.tenants.v1 (documents, not events: the
 * personal data here can be erased without touching any event log):
 *
 * - `clients`: one per client — program, customer account once linked, and the contact data staff search
 *   by (e-mail lower-cased, phone `+48…`). Erased when the client is removed or the tenant deleted.
 * - `tenants`: the company name, colours and logo shown on the customer's cards, and whether the tenant was
 *   deleted;
 * - `staff`: see StaffCopy.
 */
export type ClientCopy = {
  _id: string;
  tenantId: string;
  programId: string;
  userId: string | null;
  name: string | null;
  /** the name folded for the scanner's search (`foldText`; absent in copies kept before it) */
  nameKey?: string | null;
  email: string | null;
  phone: string | null;
  removed: boolean;
  /** an imported client's paper-card balance (ADR 0059), recorded on the card when it is issued */
  openingBalance?: ClientEnrolledData['openingBalance'] | null;
  /** enrolled by an import (ADR 0059) */
  imported?: boolean;
  /** the import's birthday, „MM-DD” (ADR 0059), for the holder once known; erased with the contact data */
  birthday?: string | null;
};

type TenantCopy = {
  _id: string;
  companyName: string | null;
  deleted: boolean;
  /** absent in copies kept before the portal showed the company's look */
  branding?: Branding | null;
  logoUrl?: string | null;
};

/**
 * `staff`: who awarded, redeemed or voided, as the history shows it to staff — the owner (from TenantCreated, named
 * from the owner's own token: ownerNamed) and the employees' names (EmployeeInvited / EmployeeUpdated). Kept after an employee leaves (the history still says
 * who did it); erased with the tenant.
 */
type StaffCopy = { _id: string; tenantId: string; role: 'owner' | 'employee'; name: string | null };
export const OWNER_LABEL = 'Właściciel';
/** „Anna Kowalska (właściciel)”, or „Właściciel” while the name is not known */
export const ownerLabel = (name: string | null) => (name ? `${name} (właściciel)` : OWNER_LABEL);

/** what the customer's card shows of its company */
export interface CompanyOnCard {
  companyName: string | null;
  /** the default colours until the company picks its own, as on its pass */
  branding: Branding;
  logoUrl: string | null;
}

/** the three copies, one collection each */
interface Copies {
  clients: Collection<ClientCopy>;
  tenants: Collection<TenantCopy>;
  staff: Collection<StaffCopy>;
}
type ClientRef = { clientId: string; tenantId: string; programId: string };

async function ensureIndexes({ clients, staff }: Copies) {
  await clients.ensureIndex({ fields: { tenantId: 1, email: 1 } });
  await clients.ensureIndex({ fields: { tenantId: 1, phone: 1 } });
  await staff.ensureIndex({ fields: { tenantId: 1 } });
}

// ── the company ──

/** one change of the company's copy (nothing after its deletion) */
function changeCompany(
  { tenants }: Copies,
  tenantId: string,
  change: Partial<Omit<TenantCopy, '_id' | 'deleted'>>,
) {
  return mutateDocument(tenants, tenantId, (current) => {
    if (current?.deleted) return UNCHANGED;
    const next: TenantCopy = {
      _id: tenantId,
      companyName: current?.companyName ?? null,
      deleted: false,
      branding: current?.branding ?? null,
      logoUrl: current?.logoUrl ?? null,
      ...change,
    };
    return current &&
      current.companyName === next.companyName &&
      JSON.stringify(current.branding ?? null) === JSON.stringify(next.branding) &&
      (current.logoUrl ?? null) === next.logoUrl
      ? UNCHANGED
      : next;
  });
}

/** TenantDeleted: the company marked deleted, its clients' personal data and staff names erased (those clients) */
async function tenantDeleted(copies: Copies, tenantId: string): Promise<string[]> {
  const { tenants, clients, staff } = copies;
  await mutateDocument(tenants, tenantId, (current) =>
    current?.deleted
      ? UNCHANGED
      : {
          _id: tenantId,
          companyName: current?.companyName ?? null,
          deleted: true,
          branding: null,
          logoUrl: null,
        },
  );
  const erased = await clients.find({ tenantId, removed: false });
  for (const client of erased)
    await removed(copies, { clientId: client._id, tenantId, programId: client.programId });
  for (const person of await staff.find({ tenantId })) await staff.delete(person._id);
  return erased.map((client) => client._id);
}

async function company({ tenants }: Copies, tenantId: string): Promise<CompanyOnCard> {
  const copy = await tenants.get(tenantId);
  return {
    companyName: copy?.companyName ?? null,
    branding: copy?.branding ?? defaultBranding,
    logoUrl: copy?.logoUrl ?? null,
  };
}

// ── staff ──

/** TenantCreated: the owner, shown as „Właściciel” */
async function ownerKnown({ staff }: Copies, tenantId: string, ownerId: string) {
  await mutateDocument(staff, ownerId, (current) =>
    current?.role === 'owner' && current.tenantId === tenantId
      ? UNCHANGED
      : { _id: ownerId, tenantId, role: 'owner' as const, name: current?.name ?? null },
  );
}

/**
 * The owner's name as identity signed it in the owner's own access token (the card ledger learns it when the owner
 * uses it: card-routes.ts); a renamed owner's next token brings the new name. Until then the history says
 * „Właściciel”. No name without a role of owner in this tenant: the token says both.
 */
async function ownerNamed({ staff }: Copies, tenantId: string, ownerId: string, name: string) {
  await mutateDocument(staff, ownerId, (current) =>
    current?.role === 'owner' && current.tenantId === tenantId && current.name === name
      ? UNCHANGED
      : { _id: ownerId, tenantId, role: 'owner' as const, name },
  );
}

/** EmployeeInvited / EmployeeUpdated */
async function employeeNamed({ staff }: Copies, tenantId: string, employeeId: string, name: string) {
  await mutateDocument(staff, employeeId, (current) =>
    current?.name === name && current.tenantId === tenantId
      ? UNCHANGED
      : { _id: employeeId, tenantId, role: 'employee' as const, name },
  );
}

/** user id → how the history names them (only staff of this tenant) */
async function staffNames({ staff }: Copies, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (!unique.length) return names;
  for (const copy of await staff.find({ _id: { $in: unique }, tenantId })) {
    const name = copy.role === 'owner' ? ownerLabel(copy.name) : copy.name;
    if (name) names.set(copy._id, name);
  }
  return names;
}

// ── clients ──

/** ClientEnrolled; returns the copy (null when the client was removed before) */
async function enrolled(copies: Copies, data: ClientEnrolledData): Promise<ClientCopy | null> {
  await changeCompany(copies, data.tenantId, { companyName: data.companyName });
  const copy = await mutateDocument(copies.clients, data.clientId, (current) =>
    current?.removed
      ? UNCHANGED
      : {
          _id: data.clientId,
          tenantId: data.tenantId,
          programId: data.programId,
          userId: data.userId ?? current?.userId ?? null,
          name: data.name,
          nameKey: foldText(data.name),
          email: data.email?.trim().toLowerCase() ?? null,
          phone: data.phone,
          removed: false,
          openingBalance: data.openingBalance ?? null,
          imported: data.source === 'imported',
          birthday: data.birthday ?? null,
        },
  );
  return copy && !copy.removed ? copy : null;
}

/** the copy as it is (blank for a client not known yet: an event came before ClientEnrolled), not removed */
const copyOf = (current: ClientCopy | null, data: ClientRef): ClientCopy => ({
  userId: null,
  name: null,
  nameKey: null,
  email: null,
  phone: null,
  // the card is issued after the link: the paper-card balance and the birthday wait for it (ADR 0059)
  openingBalance: null,
  imported: false,
  birthday: null,
  ...current,
  _id: data.clientId,
  tenantId: data.tenantId,
  programId: data.programId,
  removed: false,
});

/** ClientAccountLinked; returns the copy (null when the client was removed before) */
async function linked({ clients }: Copies, data: ClientRef & { userId: string }): Promise<ClientCopy | null> {
  const copy = await mutateDocument(clients, data.clientId, (current) =>
    current?.removed || current?.userId === data.userId
      ? UNCHANGED
      : { ...copyOf(current, data), userId: data.userId },
  );
  return copy && !copy.removed ? copy : null;
}

/**
 * ClientPhoneChanged: the contact copy takes the new number (null: none), so a search by the old one
 * finds nothing; a removed client stays without personal data.
 */
async function phoneChanged({ clients }: Copies, data: ClientRef & { phone: string | null }) {
  await mutateDocument(clients, data.clientId, (current) =>
    current?.removed || (current && current.phone === data.phone)
      ? UNCHANGED
      : { ...copyOf(current, data), phone: data.phone },
  );
}

/** ClientRenamed: the contact copy takes the name staff corrected; a removed client stays without it */
function renamed({ clients }: Copies, data: ClientRef & { name: string }) {
  return mutateDocument(clients, data.clientId, (current) =>
    !current || current.removed || current.name === data.name
      ? UNCHANGED
      : { ...current, name: data.name, nameKey: foldText(data.name) },
  );
}

/** ClientEmailGiven (a phone-only client, ADR 0056): staff find the card by the address too */
function emailGiven({ clients }: Copies, data: { clientId: string; email: string }) {
  const email = data.email.trim().toLowerCase();
  return mutateDocument(clients, data.clientId, (current) =>
    !current || current.removed || current.email === email ? UNCHANGED : { ...current, email },
  );
}

/** ClientRemoved: keeps the ids (so a late link does not issue a card), erases the personal data */
function removed({ clients }: Copies, data: ClientRef) {
  return mutateDocument(clients, data.clientId, (current) =>
    current?.removed
      ? UNCHANGED
      : {
          _id: data.clientId,
          tenantId: data.tenantId,
          programId: data.programId,
          userId: current?.userId ?? null,
          name: null,
          nameKey: null,
          email: null,
          phone: null,
          removed: true,
        },
  );
}

/** clients of a tenant with this e-mail (any case) or phone (`+48…`) */
function findContacts({ clients }: Copies, tenantId: string, by: { email: string } | { phone: string }) {
  const filter =
    'email' in by ? { tenantId, email: by.email.trim().toLowerCase() } : { tenantId, phone: by.phone };
  return clients.find({ ...filter, removed: false });
}

/** the scanner's search by name: at most 20 clients of a tenant whose name holds the term (any case, ą = a) */
function findByName({ clients }: Copies, tenantId: string, term: string) {
  return clients.find(
    {
      tenantId,
      removed: false,
      $or: [
        { nameKey: { $regex: regexLiteral(foldText(term)) } },
        // copies kept before `nameKey`: their name as it is, any case
        { name: { $regex: regexLiteral(term.trim()), $options: 'i' } },
      ],
    },
    { limit: 20 },
  );
}

/** The copies on one document store; each operation is a function above. */
export function tenantCopies(documents: DocumentStore) {
  const copies: Copies = {
    clients: documents.collection<ClientCopy>('clients'),
    tenants: documents.collection<TenantCopy>('tenants'),
    staff: documents.collection<StaffCopy>('staff'),
  };
  const { clients, tenants } = copies;
  return {
    ensureIndexes: () => ensureIndexes(copies),
    ownerKnown: (tenantId: string, ownerId: string) => ownerKnown(copies, tenantId, ownerId),
    ownerNamed: (tenantId: string, ownerId: string, name: string) =>
      ownerNamed(copies, tenantId, ownerId, name),
    employeeNamed: (tenantId: string, employeeId: string, name: string) =>
      employeeNamed(copies, tenantId, employeeId, name),
    staffNames: (tenantId: string, ids: string[]) => staffNames(copies, tenantId, ids),
    enrolled: (data: ClientEnrolledData) => enrolled(copies, data),
    linked: (data: ClientRef & { userId: string }) => linked(copies, data),
    phoneChanged: (data: ClientRef & { phone: string | null }) => phoneChanged(copies, data),
    emailGiven: (data: { clientId: string; email: string }) => emailGiven(copies, data),
    removed: (data: ClientRef) => removed(copies, data),
    renamed: (data: ClientRef & { name: string }) => renamed(copies, data),
    tenantDeleted: (tenantId: string) => tenantDeleted(copies, tenantId),
    companyRenamed: (tenantId: string, companyName: string) =>
      changeCompany(copies, tenantId, { companyName }),
    brandingChanged: (tenantId: string, branding: Branding) => changeCompany(copies, tenantId, { branding }),
    logoChanged: (tenantId: string, logoUrl: string | null) => changeCompany(copies, tenantId, { logoUrl }),
    async isTenantDeleted(tenantId: string) {
      return (await tenants.get(tenantId))?.deleted ?? false;
    },
    async client(clientId: string) {
      return clients.get(clientId);
    },
    async companyName(tenantId: string) {
      return (await tenants.get(tenantId))?.companyName ?? null;
    },
    company: (tenantId: string) => company(copies, tenantId),
    findContacts: (tenantId: string, by: { email: string } | { phone: string }) =>
      findContacts(copies, tenantId, by),
    findByName: (tenantId: string, term: string) => findByName(copies, tenantId, term),
  };
}

export type TenantCopies = ReturnType<typeof tenantCopies>;
