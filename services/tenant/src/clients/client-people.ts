import type { ClientPerson } from '@punkto/contracts/clients';
import { toPage, type Page, type PaginationQuery } from '@punkto/contracts/pagination';
import type {
  Collection,
  DocumentStore,
  Filter,
  SortSpec,
} from '@punkto/platform/documents/document-store.port';
import { retryLostRace } from '@punkto/platform/errors/lost-race';
import {
  addressMembers,
  CLIENT_PEOPLE_COLLECTION,
  keyOfPerson,
  keysOfRecord,
  rowsOfRecord,
  PERSON_SORT_FIELDS,
  personIdOf,
  personOf,
  toPersonView,
  type PersonDoc,
  type PersonKey,
} from './client-people.projection';
import {
  CLIENTS_COLLECTION,
  LISTED_CLIENT_STATUSES,
  type ClientRecord,
  type ClientRecordDoc,
} from './clients.projection';
import { searchFilter, totalOf } from './search-text';

/**
 * The clients list's people (ADR 0054): `client_people` kept from `clients` after every client command.
 *
 * A person's row is RECOMPUTED from the tenant's listed enrolments of its key (client-people.projection.ts), never
 * patched by an event, so a redelivered or replayed event changes nothing and a rebuild is the same recomputation
 * for every key. Each recomputation reads the row's revision BEFORE the enrolments and writes with that revision
 * (a lost race reads both again), so of two commands changing one person at once the later read wins.
 *
 * After a command on client `c`, the keys recomputed are the account and address keys of `c` before and after the
 * command — every row `c` can have been in: a command changes its address or its account at most once, and a
 * removed record keeps its account. A link moves an enrolment from its address's row to its account's; a removal
 * leaves the rows it was in (an enrolment of the same address without an account gets its own row back).
 * Two commands on `c` at once: each recomputes after its own projection, reading what is stored then.
 *
 * A tenant's rows are built from `clients` the first time its list is read (companies from before ADR 0054), and
 * whenever `rebuild` is called.
 */
const REBUILT_COLLECTION = 'client_people_rebuilt';
const LISTED = { status: { $in: LISTED_CLIENT_STATUSES } };
type Records = Collection<ClientRecord & { _id: string }>;

/** the listed enrolments that make the key's row (client-people.projection.ts says who belongs to whom) */
async function membersOf(clients: Records, key: PersonKey): Promise<ClientRecord[]> {
  const { tenantId } = key;
  if ('emailKey' in key)
    return addressMembers(await clients.find({ tenantId, emailKey: key.emailKey, ...LISTED }));
  const own = await clients.find({ tenantId, userId: key.userId, ...LISTED });
  const addresses = [...new Set(own.map((r) => r.emailKey))];
  if (!addresses.length) return [];
  const invited = await clients.find({ tenantId, userId: null, emailKey: { $in: addresses }, ...LISTED });
  return [...own, ...invited];
}

/**
 * The person's row an enrolment is in: under its account or its address — or, for an address an account of the
 * company also holds, under that account (client-people.projection.ts `addressMembers`).
 */
async function rowOf(people: Collection<PersonDoc>, clients: Records, record: ClientRecord) {
  const holds = (doc: PersonDoc | null) => !!doc?.enrolments.some((e) => e.clientId === record.clientId);
  for (const key of keysOfRecord(record)) {
    const doc = await people.get(personIdOf(key));
    if (holds(doc)) return doc;
  }
  const { tenantId, emailKey } = record;
  const account = await clients.findOne({ tenantId, emailKey, userId: { $ne: null }, ...LISTED });
  const doc = account?.userId ? await people.get(personIdOf({ tenantId, userId: account.userId })) : null;
  return holds(doc) ? doc : null;
}

export function clientPeople(documents: DocumentStore) {
  const people = documents.collection<PersonDoc>(CLIENT_PEOPLE_COLLECTION);
  const clients = documents.collection<ClientRecordDoc>(CLIENTS_COLLECTION) as unknown as Records;
  const rebuilt = documents.collection<{ _id: string; at: string }>(REBUILT_COLLECTION);

  /** the key's row as its enrolments say now (deleted without one) */
  async function refreshKey(key: PersonKey): Promise<void> {
    const id = personIdOf(key);
    await retryLostRace(
      async () => {
        const stored = await people.get(id);
        const next = personOf(key, await membersOf(clients, key));
        if (!next) {
          if (stored) await people.delete(id, { expectedRevision: stored._rev });
          return;
        }
        const doc: PersonDoc = { ...next, _id: id };
        if (stored) await people.update(doc, { expectedRevision: stored._rev });
        else await people.insert(doc);
      },
      { maxAttempts: 20, maxPauseMs: 100 },
    );
  }

  async function refreshKeys(keys: Iterable<PersonKey>): Promise<void> {
    const unique = new Map<string, PersonKey>();
    for (const key of keys) unique.set(personIdOf(key), key);
    for (const key of unique.values()) await refreshKey(key);
  }

  /** every row of the tenant recomputed from `clients` (rows without a listed enrolment go) */
  async function rebuild(tenantId: string): Promise<void> {
    const keys: PersonKey[] = [];
    for await (const batch of clients.scan({ tenantId, ...LISTED }))
      for (const record of batch) keys.push(...keysOfRecord(record));
    for await (const batch of people.scan({ tenantId })) keys.push(...batch.map(keyOfPerson));
    await refreshKeys(keys);
    await rebuilt.upsert({ _id: tenantId, at: new Date().toISOString() });
  }

  return {
    people,
    /** the client's record before a command (what `refresh` needs to know of where it was) */
    before: (clientId: string) => clients.get(clientId) as Promise<ClientRecord | null>,

    /** after a command on `clientId` (projected into `clients`): the rows it was and is in */
    async refresh(clientId: string, before: ClientRecord | null): Promise<void> {
      const after = (await clients.get(clientId)) as ClientRecord | null;
      await refreshKeys([...rowsOfRecord(before), ...rowsOfRecord(after)]);
    },

    rebuild,

    /** the person's row the enrolment is in (its other programmes on the client's page) */
    rowOf: (record: ClientRecord) => rowOf(people, clients, record),

    async list(tenantId: string, query: PaginationQuery): Promise<Page<ClientPerson>> {
      if (!(await rebuilt.get(tenantId))) await rebuild(tenantId);
      const search = searchFilter(query.searchTerm);
      const filter: Filter = { tenantId, ...(search && { $and: [search] }) };
      const field =
        PERSON_SORT_FIELDS[(query.sortBy ?? 'name') as keyof typeof PERSON_SORT_FIELDS] ?? 'nameKey';
      const direction = query.sortDescending ? -1 : 1;
      const sort: SortSpec = { [field]: direction, _id: direction };
      const skip = (query.pageNumber - 1) * query.pageSize;
      const items = await people.find(filter, { sort, skip, limit: query.pageSize });
      const total = await totalOf(people, filter, skip, items.length, query.pageSize);
      return toPage(items.map(toPersonView), total, query);
    },
  };
}

export async function ensurePeopleIndexes(people: Collection<PersonDoc>): Promise<void> {
  // the default list (by name) with its filter fields, as `clients_list` (docs/BENCHMARKS.md, clients search)
  await people.ensureIndex({
    fields: { tenantId: 1, nameKey: 1, searchText: 1 },
    name: 'client_people_list',
  });
  await people.ensureIndex({ fields: { searchText: 1 }, substring: true, name: 'client_people_search' });
  await people.ensureIndex({ fields: { tenantId: 1, enrolledAt: 1 }, name: 'client_people_enrolled' });
}

export type ClientPeople = ReturnType<typeof clientPeople>;
