/**
 * Benchmark: the clients list of one tenant with 10,000 people (12,000 enrolments: every fifth person is in a
 * second programme), searched through the tenant service's real HTTP handler (`app.inject` of GET
 * /tenants/{id}/get-clients: auth, zod, the query on the SQLite document store's `client_people`, the count, the
 * JSON answer; ADR 0054). Baselines in the same run: the same page without a search term, the same query written by
 * hand as raw SQL on `client_people` doing the product's work (the trigram index for a term, the count kept until
 * the next write, no count for a page that is not full), without the adapter and without HTTP, and that raw SQL on
 * `clients` (one row per enrolment: the list before ADR 0054). Returns the Markdown section for docs/BENCHMARKS.md.
 */
import { Roles } from '@punkto/contracts/permissions';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  applyClientEvent,
  CLIENTS_COLLECTION,
  type ClientRecord,
} from '../../services/tenant/src/clients/clients.projection';
import {
  CLIENT_PEOPLE_COLLECTION,
  personIdOf,
  personOf,
  type PersonKey,
} from '../../services/tenant/src/clients/client-people.projection';
import { foldText } from '@punkto/contracts/text';
import { startTenantTestApp } from '../../services/tenant/src/testing/tenant-test-app';
import { fmt, summarize } from './stats';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const OTHER_TENANT_CLIENTS = Math.round(CLIENTS / 2);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 20;

const FIRST = [
  'Anna',
  'Łukasz',
  'Zofia',
  'Piotr',
  'Małgorzata',
  'Jan',
  'Agnieszka',
  'Michał',
  'Żaneta',
  'Tomasz',
  'Katarzyna',
  'Paweł',
  'Ewa',
  'Krzysztof',
  'Magdalena',
  'Grzegorz',
  'Joanna',
  'Wojciech',
  'Barbara',
  'Ścibor',
];
const LAST = [
  'Nowak',
  'Kowalski',
  'Wiśniewska',
  'Wójcik',
  'Kowalczyk',
  'Kamińska',
  'Lewandowski',
  'Zielińska',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowska',
  'Jankowski',
  'Mazur',
  'Kwiatkowska',
  'Krawczyk',
  'Piotrowski',
  'Grabowska',
  'Nowakowski',
  'Pawłowska',
  'Michalski',
  'Król',
  'Wieczorek',
  'Jabłońska',
  'Wróbel',
  'Nowicka',
  'Majewski',
  'Olszewska',
  'Stępień',
  'Malinowski',
  'Jaworska',
  'Adamczyk',
  'Dudek',
  'Zając',
  'Wieczorkowski',
  'Pietrzak',
  'Pawlak',
  'Górski',
  'Witkowska',
  'Walczak',
  'Sikora',
  'Baran',
  'Rutkowski',
  'Michalak',
  'Szewczyk',
  'Ostrowska',
  'Tomaszewski',
  'Pietrzyk',
  'Duda',
  'Zalewska',
];
const DOMAINS = ['gmail.com', 'wp.pl', 'onet.pl', 'o2.pl', 'interia.pl', 'firma.com.pl'];

/** Deterministic people, so every run searches the same data. */
function person(i: number) {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const name = `${first} ${last}`;
  const email = `${foldText(first)}.${foldText(last)}${i}@${DOMAINS[i % DOMAINS.length]}`.replace(/\s/g, '');
  const phone =
    i % 3 === 0 ? null : `+48${String(500_000_000 + ((i * 7919) % 399_999_999)).padStart(9, '0')}`;
  return { name, email, phone };
}

/**
 * The documents the clients projection writes for ClientEnrolled (its pure `applyClientEvent`) and the people's
 * rows made from them (`personOf`, as client-people.ts recomputes them), inserted in one transaction on a second
 * connection to the store's file: seeding 15,000 enrolments through the API (an fsynced append + projection
 * each) would take minutes and measure the writes, which other tables cover. Every fifth person is also in a
 * second programme (the same account, or the same address without one).
 */
function seed(db: Database.Database, tenantId: string, count: number, offset: number) {
  const started = Date.parse('2026-01-01T08:00:00.000Z');
  const insert = (collection: string) =>
    db.prepare(`INSERT INTO "${collection}" (_id, _rev, doc) VALUES (?, 1, ?)`);
  const [clients, people] = [insert(CLIENTS_COLLECTION), insert(CLIENT_PEOPLE_COLLECTION)];
  const enrolment = (i: number, userId: string | null, programId: string, minutes: number) => {
    const clientId = randomUUID();
    const p = person(offset + i);
    const record = applyClientEvent(null, {
      type: 'ClientEnrolled',
      data: {
        clientId,
        tenantId,
        programId,
        userId,
        email: p.email,
        name: p.name,
        phone: p.phone,
        source: 'created',
        companyName: 'Kawiarnia Pod Lipą',
        programName: programId === 'program-1' ? 'Kawa za punkty' : 'Pieczątki',
        marketingConsent: false,
        enrolledAt: new Date(started + minutes * 60_000).toISOString(),
      },
    })!;
    // as projectEvent stores it: the record plus the revision of the event it applied
    clients.run(clientId, JSON.stringify({ ...record, lastRevision: 0 }));
    return record;
  };
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const userId = i % 4 === 0 ? null : randomUUID();
      const records: ClientRecord[] = [enrolment(i, userId, 'program-1', offset + i)];
      if (i % 5 === 0) records.push(enrolment(i, userId, 'program-2', offset + count + i));
      const key: PersonKey = userId ? { tenantId, userId } : { tenantId, emailKey: records[0]!.emailKey };
      people.run(personIdOf(key), JSON.stringify(personOf(key, records)));
    }
  })();
}

/** The tenant service as its int specs run it (real app and embedded adapters in a temp dir, test tokens). */
export async function clientsSearchBench(): Promise<string[]> {
  const tenant = await startTenantTestApp();
  const lines: string[] = [];
  try {
    const tenantId = randomUUID();
    const ownerId = randomUUID();
    const file = join(tenant.config.DATA_DIR, 'tenant', 'events.db'); // the documents share the event store's file (ADR 0029);
    const writer = new Database(file);
    const otherTenant = randomUUID();
    seed(writer, tenantId, CLIENTS, 0);
    seed(writer, otherTenant, OTHER_TENANT_CLIENTS, CLIENTS);
    // a write through the service's own store that changes no result: a client of the other tenant is saved again
    const { _id: otherClient } = writer
      .prepare(`SELECT _id FROM "${CLIENTS_COLLECTION}" WHERE json_extract(doc, '$.tenantId') <> ? LIMIT 1`)
      .get(tenantId) as { _id: string };
    writer.close();
    // the rows are there: the first list does not build them from the enrolments (companies from before)
    const rebuilt = tenant.infra.documents.collection<{ _id: string; at: string }>('client_people_rebuilt');
    for (const id of [tenantId, otherTenant]) await rebuilt.upsert({ _id: id, at: new Date().toISOString() });
    const clients = tenant.infra.documents.collection<{ _id: string }>(CLIENTS_COLLECTION);
    const saveAClient = async () => {
      const doc = await clients.get(otherClient);
      await clients.update(doc!, { expectedRevision: doc!._rev });
    };

    const measureHttp = async (query: string, before?: () => Promise<void>) => {
      const url = `/api/v1/tenants/${tenantId}/get-clients?pageSize=20${query}`;
      // a fresh token per row: the kit's tokens live 5 minutes
      const token = await tenant.tokenFor({ id: ownerId, role: Roles.owner, tid: tenantId });
      let totalCount = 0;
      const samples: number[] = [];
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        await before?.();
        const t = performance.now();
        const res = await tenant.call(token, 'GET', url);
        const ms = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`get-clients ${query}: ${res.statusCode} ${res.body}`);
        if (i >= WARMUP) samples.push(ms);
        totalCount = (res.json() as { totalCount: number }).totalCount;
      }
      return { ...summarize(samples), totalCount };
    };

    // the same page written by hand, doing the product's work: the trigram index for the term, no count for a
    // page that is not full, and the count kept until the next write to the file (total_changes + data_version)
    const db = new Database(file, { readonly: true });
    const stampOf = db.prepare<[], { changes: number; version: number }>(
      'SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version',
    );
    let counted = { stamp: '', counts: new Map<string, number>() };
    const measureRaw = async (collection: string, terms: string[] | null, before?: () => Promise<void>) => {
      if (terms?.some((term) => [...term].length < 3)) throw new Error('a trigram needs 3 characters');
      const fts = `${collection}$substring$searchText`;
      // a person's row is listed while it exists; an enrolment while it is invited or active
      const listed =
        collection === CLIENTS_COLLECTION
          ? ` AND json_extract(doc, '$.status') IN ('invited', 'active')`
          : '';
      const where = `json_extract(doc, '$.tenantId') = ?${listed}${
        terms ? ` AND rowid IN (SELECT rowid FROM "${fts}" WHERE "${fts}" MATCH ?)` : ''
      }`;
      const params = terms ? [tenantId, terms.map((term) => `"${term}"`).join(' OR ')] : [tenantId];
      const page = db.prepare(
        `SELECT _id, _rev, doc FROM "${collection}" WHERE ${where} ORDER BY json_extract(doc, '$.nameKey') ASC, _id ASC LIMIT 20`,
      );
      const count = db.prepare(`SELECT COUNT(*) AS n FROM "${collection}" WHERE ${where}`);
      const key = `${where}\u0000${JSON.stringify(params)}`;
      const countOf = () => {
        const { changes, version } = stampOf.get()!;
        const stamp = `${changes}/${version}`;
        if (stamp !== counted.stamp) counted = { stamp, counts: new Map() };
        let n = counted.counts.get(key);
        if (n === undefined) counted.counts.set(key, (n = (count.get(...params) as { n: number }).n));
        return n;
      };
      const samples: number[] = [];
      let n = 0;
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        await before?.();
        const t = performance.now();
        const rows = page.all(...params) as Array<{ doc: string }>;
        rows.forEach((row) => JSON.parse(row.doc));
        n = rows.length < 20 ? rows.length : countOf();
        if (i >= WARMUP) samples.push(performance.now() - t);
      }
      return { ...summarize(samples), totalCount: n };
    };

    const cases: Array<{
      label: string;
      query: string;
      terms: string[] | null;
      before?: () => Promise<void>;
    }> = [
      { label: 'no search term (first page, sorted by name)', query: '&sortBy=name', terms: null },
      {
        label: 'no search term, a client saved before each request (the count is not kept)',
        query: '&sortBy=name',
        terms: null,
        before: saveAClient,
      },
      {
        label: 'a surname fragment, with diacritics: `Wiśniew`',
        query: `&searchTerm=${encodeURIComponent('Wiśniew')}`,
        terms: ['wisniew'],
      },
      {
        label: 'a common first name, no diacritics: `lukasz`',
        query: '&searchTerm=lukasz',
        terms: ['lukasz'],
      },
      {
        label: 'one person by e-mail: `anna.kowalski20@`',
        query: `&searchTerm=${encodeURIComponent('anna.kowalski20@')}`,
        terms: ['anna.kowalski20@'],
      },
      {
        label: 'a phone fragment: `500 007`',
        query: `&searchTerm=${encodeURIComponent('500 007')}`,
        terms: ['500 007', '500007'],
      },
      { label: 'nothing matches: `xyzzy`', query: '&searchTerm=xyzzy', terms: ['xyzzy'] },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      const http = await measureHttp(c.query, c.before);
      const raw = await measureRaw(CLIENT_PEOPLE_COLLECTION, c.terms, c.before);
      const enrolments = await measureRaw(CLIENTS_COLLECTION, c.terms, c.before);
      if (raw.totalCount !== http.totalCount)
        throw new Error(`${c.label}: raw SQL found ${raw.totalCount}, the handler ${http.totalCount}`);
      rows.push(
        `| ${c.label} | ${http.totalCount} | ${fmt(raw.p50)} | ${fmt(raw.p99)} | ${fmt(http.p50)} | ${fmt(http.p99)} | ${enrolments.totalCount} | ${fmt(enrolments.p50)} |`,
      );
    }
    db.close();

    lines.push(
      `## Clients search: ${CLIENTS.toLocaleString('en-US')} people of one tenant, one row each (SQLite adapter, through HTTP)`,
    );
    lines.push('');
    lines.push(
      `GET /tenants/{id}/get-clients (a page of 20 people and the total count, ADR 0054) through the tenant service's handler (\`app.inject\`: auth, validation, query, count, JSON), ${SAMPLES} sequential requests per row after ${WARMUP} warm-up ones. Every fifth person is in a second programme: ${CLIENTS.toLocaleString('en-US')} people hold ${(CLIENTS * 1.2).toLocaleString('en-US')} enrolments. The collections also hold ${OTHER_TENANT_CLIENTS.toLocaleString('en-US')} people of another tenant. The documents are the projections' own (\`applyClientEvent\` of ClientEnrolled, and \`personOf\` of those records as client-people.ts recomputes a row), inserted in one transaction. Baselines: the same page and count as hand-written SQL on \`client_people\` with the product's connection-level work (the trigram index's \`rowid IN (… MATCH …)\` for a term, the count kept until the next write, no count for a page of fewer than 20), without the adapter and without HTTP — the same write before each request in the second row, and the same totals (checked); and the same SQL on \`clients\`, one row per enrolment, as the list was before ADR 0054.`,
    );
    lines.push('');
    lines.push(
      '| search | people | raw SQL p50 ms | raw SQL p99 ms | HTTP p50 ms | HTTP p99 ms | enrolments (list before) | its raw SQL p50 ms |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    lines.push(...rows);
    lines.push('');
    lines.push(
      "- A term is folded (lower case, no diacritics, `ł` → `l`) and matched as a literal substring of `searchText` (a person's folded names, e-mails and phones of every enrolment, and the phones' digits) with the document store's `$regex`: one filter for SQLite and MongoDB. On SQLite `client_people` has a substring index (ADR 0029), as `clients` has: an FTS5 trigram table of `searchText`, case-sensitive and kept by triggers in the same transaction as every write, so a literal term of 3+ characters is answered by the index alone (`rowid IN (… MATCH …)`) instead of a JavaScript regexp on every row of the tenant. Terms of 1–2 characters and real patterns scan; `clients-search-index.int.spec.ts` checks that the results are the same with and without the index over Polish names, e-mails and phones.",
    );
    lines.push(
      "- The raw-SQL baseline does what the adapter does, written by hand: `json_extract(…) = ?` on the `client_people_list` covering index `(tenantId, nameKey, searchText)` (a row exists only while the person has a listed enrolment, so no status condition), walked in name order until the page is full, a term as the trigram index's `rowid IN (… MATCH …)` (both alternatives of a phone term, as `searchFilter` asks), the count only for a full page and kept while `total_changes()`/`data_version` stay the same. So the difference between the columns is the adapter (filter compilation, statement cache, documents parsed) and the HTTP handler (auth, validation, JSON), not the query.",
      "- The total beside the page is kept until the next write to the service's file (any table, any connection: `total_changes()` and `data_version`); the second row saves a client of the other tenant through the service's store before each request (untimed, in every column), so its count is computed every time. The rows with a search term have no write in between; a page of fewer than 20 needs no count at all.",
      "- The last two columns: the same hand-written query on `clients` (one row per enrolment, with the listed-status condition), what the list read before ADR 0054 — it counts a person of two programmes twice. A person's row is a little larger (its programmes), so the same page parses a little more.",
    );
    lines.push(
      '- MongoDB: `client_people_list` (tenantId, nameKey, searchText) holds every field of the filter, as `clients_list` does for `clients`.',
    );
    lines.push('');
  } finally {
    await tenant.close();
  }
  return lines;
}
