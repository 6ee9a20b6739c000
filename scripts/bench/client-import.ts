/**
 * Benchmark: "switch from paper" (ADR 0059) — a file of customers imported through the tenant service's real HTTP
 * handler (`app.inject` of POST /tenants/{id}/import-clients in batches of 500, as the panel sends them: auth, zod,
 * every row validated again, its seat, reservation, ClientEnrolled appended with the sealed personal data, the
 * `clients` projection and the person's row of the list). Embedded adapters (SQLite), no plan limit. Baseline in the
 * same run: a raw bulk insert of the same rows (one JSON document each) into a SQLite table in one transaction —
 * the least any import of these rows can cost on this machine. Returns the Markdown section for docs/BENCHMARKS.md.
 */
import { IMPORT_BATCH_SIZE, type ImportRowCells } from '@punkto/contracts/client-import';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startTenantTestApp } from '../../services/tenant/src/testing/tenant-test-app';
import { fmt } from './stats';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);

/** deterministic rows: two in three with an e-mail, the others phone-only; balances from 0 to 299 */
function rowOf(i: number): ImportRowCells {
  const phoneOnly = i % 3 === 2;
  return {
    row: i + 2,
    name: `Klientka ${i} Kowalska`,
    email: phoneOnly ? '' : `klient.${i}@example.pl`,
    phone: i % 3 === 0 ? '' : `5${String(10_000_000 + i).padStart(8, '0')}`,
    points: String(i % 300),
    stamps: '',
    consent: i % 4 === 0 ? 'tak' : 'nie',
  };
}

export async function clientImportBench(): Promise<string[]> {
  const rows = Array.from({ length: ROWS }, (_, i) => rowOf(i));
  const tenant = await startTenantTestApp({ env: { DEFAULT_PLAN_CUSTOMER_LIMIT: '1000000' } });
  try {
    const owner = await tenant.ownerWithTenant({ companyName: 'Kawiarnia Pod Lipą' });
    const programId = await tenant.program(owner.tenantId, owner.token, { name: 'Kawa za punkty' });
    const url = `/api/v1/tenants/${owner.tenantId}/import-clients`;

    const batchMs: number[] = [];
    let created = 0;
    const started = performance.now();
    for (let at = 0; at < rows.length; at += IMPORT_BATCH_SIZE) {
      const t = performance.now();
      const res = await tenant.call(owner.token, 'POST', url, {
        importId: 'bench',
        programId,
        invite: false,
        rows: rows.slice(at, at + IMPORT_BATCH_SIZE),
      });
      if (res.statusCode !== 200) throw new Error(`import-clients: ${res.statusCode} ${res.body}`);
      const { results } = res.json() as { results: Array<{ outcome: string }> };
      created += results.filter((r) => r.outcome === 'created').length;
      batchMs.push(performance.now() - t);
      if (process.env.BENCH_VERBOSE)
        console.log(`[bench] ${at + IMPORT_BATCH_SIZE}: ${fmt(batchMs.at(-1)!)} ms`);
    }
    const importMs = performance.now() - started;
    if (created !== ROWS) throw new Error(`expected ${ROWS} created, got ${created}`);

    // the same file again: every row answered `existing`, nothing written
    const againStarted = performance.now();
    for (let at = 0; at < rows.length; at += IMPORT_BATCH_SIZE) {
      const res = await tenant.call(owner.token, 'POST', url, {
        importId: 'bench-again',
        programId,
        rows: rows.slice(at, at + IMPORT_BATCH_SIZE),
      });
      if (res.statusCode !== 200) throw new Error(`import-clients again: ${res.statusCode}`);
    }
    const againMs = performance.now() - againStarted;

    // baseline: the same rows as JSON documents, one transaction, same kind of file (WAL)
    const db = new Database(join(tenant.config.DATA_DIR, 'raw-insert.db'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE rows (_id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO rows (_id, doc) VALUES (?, ?)');
    const rawStarted = performance.now();
    db.transaction(() => {
      for (const row of rows) insert.run(`${owner.tenantId}:${row.row}`, JSON.stringify(row));
    })();
    const rawMs = performance.now() - rawStarted;
    db.close();

    const sorted = [...batchMs].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const perRow = (ms: number) => fmt((ms / ROWS) * 1000);
    return [
      `## Client import: ${ROWS.toLocaleString('en-US')} rows from a file (tenant service, SQLite adapter, through HTTP, batches of ${IMPORT_BATCH_SIZE})`,
      '',
      'Goal (issue 34): ≤ 60 s for 50,000 rows, embedded. Each created row: validation, the plan seat, the enrolment',
      'reservation, ClientEnrolled appended (personal data sealed with a new per-person key), the `clients` projection',
      "and the person's row of the list (ADR 0054). The card ledger, identity and notification work after the bus,",
      'outside this number.',
      '',
      '| what | total | per row | batch p50 | batch p95 |',
      '|---|---:|---:|---:|---:|',
      `| import, every row created | ${fmt(importMs / 1000)} s | ${perRow(importMs)} µs | ${fmt(p(0.5))} ms | ${fmt(p(0.95))} ms |`,
      `| the same file again (every row already a client) | ${fmt(againMs / 1000)} s | ${perRow(againMs)} µs | | |`,
      `| baseline: raw bulk insert of the same rows (one transaction) | ${fmt(rawMs / 1000)} s | ${perRow(rawMs)} µs | | |`,
      '',
    ];
  } finally {
    await tenant.close();
  }
}
