import { SqliteDocumentStore } from '@punkto/platform/documents/sqlite-document-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFilter, searchTextOf } from './search-text';

/**
 * The clients search with the FTS5 trigram index (ADR 0029, issue 19) finds exactly what it found before:
 * the same `searchFilter` on the same documents, once in a collection without the substring index (the
 * implementation as it was) and once with it, over varied Polish names, e-mails and phones.
 */
const FIRST = [
  'Anna',
  'Łukasz',
  'Zofia',
  'Małgorzata',
  'Żaneta',
  'Ścibor',
  'Jan',
  'Ewa',
  'Grzegorz',
  'Ołeksandr',
];
const LAST = [
  'Nowak',
  'Wiśniewska',
  'Wójcik',
  'Kamińska',
  'Dąbrowski',
  'Kozłowska',
  'Król',
  'Żak-Świątek',
  'Źdźbło',
  "O'Neill",
];
const DOMAINS = ['gmail.com', 'wp.pl', 'o2.pl', 'firma.com.pl'];

type Client = { _id: string; tenantId: string; searchText: string };

function clients(): Client[] {
  const out: Client[] = [];
  for (let i = 0; i < 400; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    const email =
      i % 5 === 0 ? null : `${name.split(' ')[0]!.toLowerCase()}.${i}@${DOMAINS[i % DOMAINS.length]}`;
    const phone =
      i % 3 === 0
        ? null
        : i % 2
          ? `+48 ${500 + (i % 90)} ${String(100 + i).padStart(3, '0')} 200`
          : `6001002${String(i).padStart(2, '0')}`;
    out.push({
      _id: `c${i}`,
      tenantId: i % 7 === 0 ? 'other' : 't1',
      searchText: searchTextOf([name, email, phone]),
    });
  }
  return out;
}

const TERMS = [
  'Wiśniew',
  'wisniew',
  'ŁUKASZ',
  'lukasz',
  'żak',
  'Żak-Świątek',
  'zak-swiatek',
  'źdźbło',
  'zdzb',
  'król',
  'krol',
  "o'neill",
  'an',
  'a',
  'zo',
  'zof',
  'anna.1',
  '@wp.pl',
  'firma.com',
  '.pl',
  '+48 5',
  '+48 501',
  '501 101',
  '600100',
  '600 100 2',
  '(600) 100',
  '200',
  '6001',
  'nowak | ',
  '|',
  'a|b',
  '.*',
  '[',
  'xyzzy',
  '   ewa  ',
  'Ołeks',
];

describe('clients search: the substring index gives the same results as the scan', () => {
  let dir: string;
  let store: SqliteDocumentStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-clients-search-'));
    store = SqliteDocumentStore.open(join(dir, 'events.db'));
    const plain = store.collection<Client>('clients_plain');
    const indexed = store.collection<Client>('clients_indexed');
    await indexed.ensureIndex({ fields: { searchText: 1 }, substring: true, name: 'clients_search' });
    await Promise.all(clients().flatMap((c) => [plain.insert(c), indexed.insert(c)]));
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(TERMS)('%j', async (term) => {
    const search = searchFilter(term);
    const filter = { tenantId: 't1', ...(search && { $and: [search] }) };
    const find = (name: string) =>
      store.collection<Client>(name).find(filter, { sort: { searchText: 1, _id: 1 } });
    const before = (await find('clients_plain')).map((c) => c._id);
    expect((await find('clients_indexed')).map((c) => c._id)).toEqual(before);
    expect(await store.collection('clients_indexed').count(filter)).toBe(before.length);
  });

  it('finds what a person would look for', async () => {
    const found = await store
      .collection<Client>('clients_indexed')
      .find({ tenantId: 't1', $and: [searchFilter('Wiśniew')!] });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.searchText.includes('wisniew'))).toBe(true);
  });
});
