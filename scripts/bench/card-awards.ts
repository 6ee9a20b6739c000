/**
 * Card awards: POST /api/v1/cards/{id}/points-from-amount through the card ledger's real HTTP handler
 * (auth, Idempotency-Key, event-sourced card with an expected-revision append, projections, anomaly
 * monitor with the production thresholds), directly and through the gateway as `npm start` runs it
 * (server/dist/main.js, `SERVICES=card-ledger,gateway`: the card ledger mounted on the gateway's server, ADR 0036),
 * beside a bare Fastify + better-sqlite3 INSERT server
 * measured in the same run, all at 16 connections. Every row sends the same requests (the same headers and
 * body, the bare server ignores what it does not need) and does the same work each time: each measured phase has
 * its own employees, none of whom crosses the anomaly thresholds (60 awards or 5,000 points in 10 minutes), so no
 * phase is answered from an anomaly flag that an earlier one raised. Each row also gives the servers' CPU time
 * per award (/proc, all threads). The product runs from its built bundles (`npm run build:server` first).
 *
 * Part of `npm run bench` (scripts/bench.ts); alone: `npm run bench -- card-awards`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { answersOk } from '../testing/answers-ok';
import { issueCards } from './issue-cards';
import { fmt, summarize } from './stats';

const CARDS = 200;
const AWARDS = 2000;
const WARMUP = 200;
/** the issue's goal is at 16 connections */
const CONCURRENCY = 16;
const HOT_CARD_AWARDS = 500;
/**
 * awards per employee within a phase: below the production threshold of 60 awards in 10 minutes, and 1,234 grosze
 * (12 points) each stays below its 5,000 points, so no employee of the run is ever flagged
 */
const AWARDS_PER_EMPLOYEE = 40;
/** BENCH_PORT_BASE moves every port of the run (several benchmarks on one machine) */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 18190);
const PORTS = { bare: PORT_BASE + 1, cards: PORT_BASE + 3, gateway: PORT_BASE, jwks: PORT_BASE + 9 };

async function startProcess(
  root: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile every server (NODE_OPTIONS refuses --cpu-prof)
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not become ready within 60 s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * One JSON POST over `agent`, as a page of ours sends it (its own origin: the CSRF check wants one with the
 * session cookie); resolves with the status once the answer's body is read.
 */
export function postJson(url: string, headers: Record<string, string>, body: object, agent: http.Agent) {
  const payload = JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: new URL(url).origin,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** CPU time (user + system, every thread) a process has used so far, in ms (Linux /proc). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

/**
 * Closed-loop POST load over keep-alive HTTP/1.1; every answer must be 200 unless `allowFailures`. With
 * `servers`, the CPU time those processes used during the load, per request.
 */
async function postLoad(
  base: string,
  total: number,
  concurrency: number,
  request: (i: number) => { path: string; headers: Record<string, string>; body: object },
  options: { allowFailures?: boolean; servers?: ChildProcess[] } = {},
) {
  const servers = (options.servers ?? []).map((c) => c.pid!);
  const cpuBefore = servers.map(cpuMsOf);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const send = (i: number) => {
    const { path, headers, body } = request(i);
    return postJson(`${base}${path}`, headers, body, agent);
  };
  const latencies: number[] = [];
  const failures: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        const status = await send(i);
        latencies.push(performance.now() - t);
        if (status !== 200) failures.push(status);
      }
    }),
  );
  agent.destroy();
  if (failures.length && !options.allowFailures)
    throw new Error(`${failures.length} of ${total} awards failed (status ${failures[0]})`);
  const cpuMs = servers.reduce((sum, pid, i) => sum + cpuMsOf(pid) - cpuBefore[i]!, 0);
  return {
    ...summarize(latencies),
    rps: total / ((performance.now() - started) / 1000),
    failures,
    cpuPerRequest: servers.length ? cpuMs / total : NaN,
  };
}
type LoadResult = Awaited<ReturnType<typeof postLoad>>;

/** Runs the section in `work` (a scratch directory) and returns its Markdown. */
export async function cardAwardsBench(work: string): Promise<string[]> {
  const root = resolve(import.meta.dirname, '..', '..');
  for (const bundle of ['server/dist/main.js', 'services/card-ledger/dist/main.js'])
    if (!existsSync(join(root, bundle))) throw new Error(`${bundle} missing: run npm run build:server first`);
  const children: ChildProcess[] = [];
  const tsx = (entry: string) => ['--import', 'tsx', join(root, entry)];
  const bundle = (entry: string) => [join(root, entry)];

  // identity's part: a signing key and its JWKS, which the card ledger fetches like AUTH_JWKS_URL in production
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench', alg: 'EdDSA' };
  const jwks = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwks.listen(PORTS.jwks, '127.0.0.1', r));
  const tenantId = randomUUID();
  const token = (role: 'business_owner' | 'employee') =>
    new SignJWT({ role, tid: tenantId, perms: ['cards.scan', 'cards.award'] })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
      .setSubject(randomUUID())
      .setIssuer('punkto-identity')
      .setAudience('punkto')
      .setExpirationTime('1h')
      .sign(keys.privateKey);
  /**
   * the requests of one phase of `total` awards on `cardIds`: its own employees (as at several tills), each
   * sending AWARDS_PER_EMPLOYEE awards at most, each award with a fresh Idempotency-Key
   */
  const phase = async (total: number, cardIds: readonly string[]) => {
    const employees = await Promise.all(
      Array.from({ length: Math.ceil(total / AWARDS_PER_EMPLOYEE) }, () => token('employee')),
    );
    return (i: number) => ({
      path: `/api/v1/cards/${cardIds[i % cardIds.length]}/points-from-amount`,
      headers: {
        cookie: `punkto_access=${employees[i % employees.length]}`,
        'idempotency-key': randomUUID(),
      },
      body: { amountGrosze: 1234 },
    });
  };
  const owner = await token('business_owner');
  const cardsUrl = `http://127.0.0.1:${PORTS.cards}`;
  const gatewayUrl = `http://127.0.0.1:${PORTS.gateway}`;
  const ledgerEnv = (dataDir: string) => ({
    PORT: String(PORTS.cards),
    DATA_DIR: dataDir,
    AUTH_JWKS_URL: `http://127.0.0.1:${PORTS.jwks}/.well-known/jwks.json`,
    // many awards per card within seconds: no scan cooldown. The anomaly thresholds are the production
    // defaults (config.ts), not set here
    SCAN_COOLDOWN_MS: '0',
  });
  const gatewayEnv = {
    PORT: String(PORTS.gateway),
    HOST: '127.0.0.1',
    CARD_LEDGER_URL: cardsUrl,
    WEB_DIST_DIR: '',
    DEV_MAILBOX: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  /** a warm-up, then the measured load, each with employees of its own */
  const measure = async (
    base: string,
    cardIds: readonly string[],
    servers: ChildProcess[],
    options: { total?: number; allowFailures?: boolean } = {},
  ) => {
    const total = options.total ?? AWARDS;
    await postLoad(base, WARMUP, CONCURRENCY, await phase(WARMUP, cardIds));
    return postLoad(base, total, CONCURRENCY, await phase(total, cardIds), { ...options, servers });
  };

  try {
    // ── baseline: the same requests, one INSERT each ───────────────────────────────────────────────
    const bareUrl = `http://127.0.0.1:${PORTS.bare}`;
    const bareServer = await startProcess(
      root,
      [...tsx('scripts/bench/bare-insert-server.ts'), join(work, 'bare.db'), String(PORTS.bare)],
      {},
      `${bareUrl}/`,
    );
    children.push(bareServer);
    const bareCards = Array.from({ length: CARDS }, (_, i) => `card-${i}`);
    const bare = await measure(bareUrl, bareCards, [bareServer]);
    await stopChild(children.pop()!);

    // ── the card ledger alone, with a program and CARDS issued cards (through its own bus consumer) ──
    const dataDir = join(work, 'cards-data');
    mkdirSync(dataDir, { recursive: true });
    const ledger = await startProcess(
      root,
      bundle('services/card-ledger/dist/main.js'),
      ledgerEnv(dataDir),
      `${cardsUrl}/readyz`,
    );
    children.push(ledger);
    const cardIds = await issueCards({ dataDir, tenantId, cardsUrl, ownerToken: owner, count: CARDS });
    const direct = await measure(cardsUrl, cardIds, [ledger]);
    // the worst case for a card's concurrency: every till awarding on the same card at once (the scan
    // cooldown, off here, refuses this at a real counter); a lost race reads and decides again
    const hotCard = await measure(cardsUrl, cardIds.slice(0, 1), [ledger], {
      total: HOT_CARD_AWARDS,
      allowFailures: true,
    });
    await stopChild(children.pop()!);

    // ── through the gateway as `npm start` runs it: one process, on the data the card ledger left ───
    const product = await startProcess(
      root,
      bundle('server/dist/main.js'),
      { ...ledgerEnv(dataDir), ...gatewayEnv, SERVICES: 'card-ledger,gateway' },
      // the gateway listens once the card ledger is mounted on it (it has no listener of its own, ADR 0036)
      `${gatewayUrl}/healthz`,
    );
    children.push(product);
    for (let i = 0; i < 600 && !(await answersOk(`${gatewayUrl}/healthz`)); i++)
      await new Promise((r) => setTimeout(r, 100));
    const gateway = await measure(gatewayUrl, cardIds, [product]);
    await stopChild(children.pop()!);
    return report({ bare, direct, hotCard, gateway });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    jwks.close();
  }
}

function report(rows: { bare: LoadResult; direct: LoadResult; hotCard: LoadResult; gateway: LoadResult }) {
  const { bare, direct, hotCard, gateway } = rows;
  const lines: string[] = [];
  const out = (line = '') => void lines.push(line);
  out(
    `## Card awards: POST /cards/{id}/points-from-amount (${AWARDS} awards on ${CARDS} cards, ${CONCURRENCY} concurrent, keep-alive, loopback, built bundles)`,
  );
  out();
  out('| case | awards/s | × baseline | p50 ms | p99 ms | server CPU ms per award | × baseline CPU |');
  out('|---|---:|---:|---:|---:|---:|---:|');
  const row = (label: string, r: LoadResult) =>
    out(
      `| ${label} | ${fmt(r.rps, 0)} | ${fmt(r.rps / bare.rps, 2)}× | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpuPerRequest)} | ${fmt(r.cpuPerRequest / bare.cpuPerRequest, 1)}× |`,
    );
  row('baseline: bare Fastify + better-sqlite3 INSERT (one transaction per row, synchronous=FULL)', bare);
  row('card ledger alone: auth, Idempotency-Key, event-sourced award, projections, anomaly monitor', direct);
  row('through the gateway, one process (`npm start`: `SERVICES=card-ledger,gateway`)', gateway);
  const failed = hotCard.failures.length;
  row(
    `card ledger alone, ${HOT_CARD_AWARDS} awards on ONE card (${failed} failed${failed ? `: ${[...new Set(hotCard.failures)].join(', ')}` : ''})`,
    hotCard,
  );
  out();
  for (const line of [
    'Every row sends the same requests: the same path, session cookie, Idempotency-Key and body; each measured',
    `phase (and its warm-up) has employees of its own, ${AWARDS_PER_EMPLOYEE} awards each at most, so with the production`,
    'anomaly thresholds (60 awards or 5,000 points per employee in 10 minutes) none is flagged and every award does',
    'the whole of its work: the anomaly monitor counts it in its per-employee window (one document, written with the',
    'award) and finds it usual. An award is two group-committed writes before it answers (ADR 0029): the',
    'Idempotency-Key claimed, then ONE unit of work (the event appended with its expected-revision check, the card',
    'document, the history entry, the employee’s award counter and the stored answer) in one savepoint of the',
    'turn’s transaction, committed with the other awards of the event-loop turn by one BEGIN IMMEDIATE … COMMIT and',
    'one fsync (synchronous=FULL, as the baseline). The baseline commits one row per transaction, one fsync each, and',
    'does no authentication. The gateway row runs on the data the card ledger alone left. The hot-card row puts',
    'every award on ONE card from all tills at once (the cooldown refuses this at a real counter). "Server CPU" is',
    'the user + system time of the server processes (all threads) during the measured awards, divided by their',
    'number; the load generator (this process) runs on the same two cores. The rows ran back to back in one run:',
    'compare them with each other (they share the machine’s load at the time), not with other sections.',
  ])
    out(line);
  out();
  return lines;
}
