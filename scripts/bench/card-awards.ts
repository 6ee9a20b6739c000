/**
 * Card awards: POST /api/v1/cards/{id}/points-from-amount through the card ledger's real HTTP handler
 * (auth, Idempotency-Key, event-sourced card with an expected-revision append, projections, anomaly
 * monitor), directly and through the gateway, beside a bare Fastify + SQLite INSERT measured in the same
 * run. The product runs from its built bundles, as `npm start` and the images run it (`npm run build:server`
 * first): the card ledger and the gateway each in its own process, and both in ONE process
 * (server/dist/main.js, `SERVICES=card-ledger,gateway`: the card ledger mounted on the gateway's server, ADR
 * 0036). The two gateway configurations start from copies of one data directory, so they serve the same
 * history; each row also gives the servers' CPU time per request (/proc, all threads).
 *
 * Part of `npm run bench` (scripts/bench.ts); alone: `npm run bench -- card-awards`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Topics } from '../../contracts/src/topics';
import { SqliteMessageBus } from '../../services/platform/src/bus/sqlite-message-bus';
import { toMessage } from '../../services/platform/src/relay/event-relay';
import { answersOk } from '../testing/answers-ok';
import { fmt, summarize } from './stats';

const CARDS = 200;
const AWARDS = 2000;
const WARMUP = 200;
/** the issue's goal is at 16 connections; 64 shows the curve */
const CONCURRENCY = 16;
const HIGH_CONCURRENCY = 64;
const HOT_CARD_AWARDS = 500;
const PORTS = { bare: 18191, cards: 18193, gateway: 18190, jwks: 18199 };

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
  for (const bundle of ['server/dist/main.js', 'services/card-ledger/dist/main.js', 'gateway/dist/main.js'])
    if (!existsSync(join(root, bundle))) throw new Error(`${bundle} missing: run npm run build:server first`);
  const lines: string[] = [];
  const out = (line = '') => void lines.push(line);
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
  // one employee per concurrent worker, as at several tills
  const employees = await Promise.all(Array.from({ length: HIGH_CONCURRENCY }, () => token('employee')));
  const owner = await token('business_owner');
  const cardsUrl = `http://127.0.0.1:${PORTS.cards}`;
  const gatewayUrl = `http://127.0.0.1:${PORTS.gateway}`;
  const ledgerEnv = (dataDir: string) => ({
    PORT: String(PORTS.cards),
    DATA_DIR: dataDir,
    AUTH_JWKS_URL: `http://127.0.0.1:${PORTS.jwks}/.well-known/jwks.json`,
    // many awards per card within seconds: no scan cooldown. The anomaly thresholds are the production
    // defaults: every employee here crosses them, is flagged once, and each later award still runs the check
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

  try {
    // ── baseline ────────────────────────────────────────────────────────────────────────────────
    const bareUrl = `http://127.0.0.1:${PORTS.bare}`;
    const bareServer = await startProcess(
      root,
      [...tsx('scripts/bench/bare-insert-server.ts'), join(work, 'bare.db'), String(PORTS.bare)],
      {},
      `${bareUrl}/`,
    );
    children.push(bareServer);
    const bareRequest = (i: number) => ({
      path: `/api/v1/cards/card-${i % CARDS}/points-from-amount`,
      headers: {},
      body: { amountGrosze: 1234 },
    });
    await postLoad(bareUrl, WARMUP, CONCURRENCY, bareRequest);
    const bare = await postLoad(bareUrl, AWARDS, CONCURRENCY, bareRequest, { servers: [bareServer] });
    const bareHigh = await postLoad(bareUrl, AWARDS, HIGH_CONCURRENCY, bareRequest, {
      servers: [bareServer],
    });

    // ── the card ledger, with a program and CARDS issued cards (through its own bus consumer) ─────
    const dataDir = join(work, 'cards-data');
    mkdirSync(dataDir, { recursive: true });
    let ledger = await startProcess(
      root,
      bundle('services/card-ledger/dist/main.js'),
      ledgerEnv(dataDir),
      `${cardsUrl}/readyz`,
    );
    children.push(ledger);
    const programId = randomUUID();
    const clientIds = Array.from({ length: CARDS }, () => randomUUID());
    const bus = SqliteMessageBus.open(join(dataDir, 'bus.db'));
    const envelope = (type: string, data: object) => {
      const id = randomUUID();
      return toMessage({
        id,
        type,
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
        tenantId,
        aggregateId: randomUUID(),
        correlationId: id,
        causationId: null,
        traceparent: null,
        data,
      });
    };
    await bus.publish(Topics.tenantPrograms, [
      envelope('ProgramDefined', {
        programId,
        tenantId,
        version: 1,
        kind: 'points',
        name: 'Benchmark',
        description: '',
        active: true,
        pointsPerPln: 1,
        stampsRequired: null,
        levels: null,
        rewards: [],
        definedAt: new Date().toISOString(),
      }),
    ]);
    await bus.publish(
      Topics.tenantClients,
      clientIds.map((clientId) =>
        envelope('ClientEnrolled', {
          clientId,
          tenantId,
          programId,
          userId: randomUUID(),
          email: `${clientId}@example.pl`,
          name: 'Klient',
          phone: null,
          source: 'self',
          companyName: 'Benchmark',
          programName: 'Benchmark',
          marketingConsent: false,
          enrolledAt: new Date().toISOString(),
        }),
      ),
    );
    await bus.close();
    // the card id is derived from the client id; GET /cards?… by the search of the last client tells when all are issued
    const { cardIdFor } = await import('../../services/card-ledger/src/cards/card.service');
    const cardIds = clientIds.map(cardIdFor);
    for (let i = 0; ; i++) {
      const res = await fetch(`${cardsUrl}/api/v1/cards?cardId=${cardIds.at(-1)}`, {
        headers: { cookie: `punkto_access=${owner}` },
      });
      if (res.ok) break;
      if (i > 600) throw new Error('the cards were not issued within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }

    const awardRequest = (i: number) => ({
      path: `/api/v1/cards/${cardIds[i % CARDS]}/points-from-amount`,
      headers: {
        cookie: `punkto_access=${employees[i % HIGH_CONCURRENCY]}`,
        'idempotency-key': randomUUID(),
      },
      body: { amountGrosze: 1234 },
    });
    await postLoad(cardsUrl, WARMUP, CONCURRENCY, awardRequest);
    const direct = await postLoad(cardsUrl, AWARDS, CONCURRENCY, awardRequest, { servers: [ledger] });
    const directHigh = await postLoad(cardsUrl, AWARDS, HIGH_CONCURRENCY, awardRequest, {
      servers: [ledger],
    });
    // the worst case for a card's concurrency: every till awarding on the same card at once (the scan
    // cooldown, off here, refuses this at a real counter); a lost race reads and decides again
    const hotCard = await postLoad(
      cardsUrl,
      HOT_CARD_AWARDS,
      CONCURRENCY,
      (i) => ({ ...awardRequest(i), path: `/api/v1/cards/${cardIds[0]}/points-from-amount` }),
      { allowFailures: true, servers: [ledger] },
    );

    // ── through the gateway: three configurations, each on its own copy of the data directory as the
    // ledger left it (stopped cleanly, so the copy is whole), each restarted cold ───────────────────
    await stopChild(children.pop()!);
    const copies = { mounted: join(work, 'cards-data-mounted') };
    for (const copy of Object.values(copies)) cpSync(dataDir, copy, { recursive: true });
    const curve = [CONCURRENCY, HIGH_CONCURRENCY] as const;
    const throughGateway = async (servers: ChildProcess[]) => {
      const results = new Map<number, LoadResult>();
      for (const concurrency of curve) {
        await postLoad(gatewayUrl, WARMUP, concurrency, awardRequest);
        results.set(concurrency, await postLoad(gatewayUrl, AWARDS, concurrency, awardRequest, { servers }));
      }
      return results;
    };
    const waitForGateway = async () => {
      for (let i = 0; i < 600 && !(await answersOk(`${gatewayUrl}/healthz`)); i++)
        await new Promise((r) => setTimeout(r, 100));
    };

    // separate processes: the card ledger and the gateway each its own
    ledger = await startProcess(
      root,
      bundle('services/card-ledger/dist/main.js'),
      ledgerEnv(dataDir),
      `${cardsUrl}/readyz`,
    );
    children.push(ledger);
    const gateway = await startProcess(
      root,
      bundle('gateway/dist/main.js'),
      { ...gatewayEnv, DATA_DIR: join(work, 'gateway-data') },
      `${gatewayUrl}/healthz`,
    );
    children.push(gateway);
    const separate = await throughGateway([ledger, gateway]);
    for (const child of children.splice(1)) await stopChild(child);

    // ONE process (ADR 0036: server/dist/main.js, what npm start runs), the card ledger mounted on the gateway
    const oneProcess = new Map<'mounted', Map<number, LoadResult>>();
    for (const thread of ['mounted'] as const) {
      const product = await startProcess(
        root,
        bundle('server/dist/main.js'),
        {
          ...ledgerEnv(copies[thread]),
          ...gatewayEnv,
          SERVICES: 'card-ledger,gateway',
        },
        // the gateway listens once the card ledger is mounted on it (it has no listener of its own)
        `${gatewayUrl}/healthz`,
      );
      children.push(product);
      try {
        await waitForGateway();
        oneProcess.set(thread, await throughGateway([product]));
      } finally {
        await stopChild(children.pop()!);
      }
    }

    out(
      `## Card awards: POST /cards/{id}/points-from-amount (${AWARDS} awards on ${CARDS} cards, ${CONCURRENCY} and ${HIGH_CONCURRENCY} concurrent, keep-alive, loopback, built bundles)`,
    );
    out();
    const ratio = (rps: number, base: number) => `${fmt(rps / base, 2)}×`;
    const cpu = (r: LoadResult) => (Number.isNaN(r.cpuPerRequest) ? '' : fmt(r.cpuPerRequest));
    out('| case | connections | awards/s | × baseline | p50 ms | p99 ms | server CPU ms per award |');
    out('|---|---:|---:|---:|---:|---:|---:|');
    const row = (label: string, c: number, r: LoadResult, base: LoadResult) =>
      out(
        `| ${label} | ${c} | ${fmt(r.rps, 0)} | ${ratio(r.rps, base.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${cpu(r)} |`,
      );
    row(
      'baseline: bare Fastify + SQLite INSERT (one transaction per row, synchronous=FULL)',
      CONCURRENCY,
      bare,
      bare,
    );
    row(
      'card ledger alone: auth, Idempotency-Key, event-sourced award, projections, anomaly monitor',
      CONCURRENCY,
      direct,
      bare,
    );
    row('baseline: bare Fastify + SQLite INSERT', HIGH_CONCURRENCY, bareHigh, bareHigh);
    row('card ledger alone', HIGH_CONCURRENCY, directHigh, bareHigh);
    row(
      `card ledger alone, ${HOT_CARD_AWARDS} awards on ONE card (${hotCard.failures.length} failed${hotCard.failures.length ? `: ${[...new Set(hotCard.failures)].join(', ')}` : ''})`,
      CONCURRENCY,
      hotCard,
      bare,
    );
    out();
    out(
      'Through the gateway, beside the bare baseline at the same concurrency (each configuration on its own copy of the data directory the rows above left):',
    );
    out();
    out('| case | connections | awards/s | × baseline | p50 ms | p99 ms | server CPU ms per award |');
    out('|---|---:|---:|---:|---:|---:|---:|');
    for (const concurrency of curve) {
      const base = concurrency === CONCURRENCY ? bare : bareHigh;
      row('baseline: bare Fastify + SQLite INSERT', concurrency, base, base);
      row('two processes: card ledger, gateway', concurrency, separate.get(concurrency)!, base);
      row(
        'one process, the card ledger mounted on the gateway’s server (`npm start`)',
        concurrency,
        oneProcess.get('mounted')!.get(concurrency)!,
        base,
      );
    }
    out();
    for (const line of [
      'An award is two group-committed writes before it answers (ADR 0029): the Idempotency-Key claimed, then ONE',
      'unit of work — the event appended with its expected-revision check, the card document, the history entry and',
      'the stored answer — in one savepoint of the turn’s transaction. The event store and the documents share the',
      'service’s events.db and connection, so every award, every document write and every append started in the same',
      'event-loop turn is committed by one BEGIN IMMEDIATE … COMMIT with one fsync (synchronous=FULL, as the',
      'baseline), and each caller is answered only after that COMMIT returned. The baseline commits one row per',
      'transaction, one fsync each. Off the request path the relay publishes each batch it reads in one bus',
      'transaction, then its checkpoint; the analytics projector writes the cards of a batch in one group commit; the',
      'background card projector finds the card already projected. Awards on different cards do not contend; on one',
      'card they are serialised by the expected revision (a lost race decides again; after a first loss the retries',
      'of that card queue in the process). The scan cooldown is off; the anomaly thresholds are the production',
      'defaults (60 awards or 5,000 points per employee in 10 minutes), which every employee of the run crosses: the',
      'anomaly is recorded once per employee, and every later award is answered from the flag. The hot-card row puts',
      'every award on ONE card from all tills at once (the cooldown refuses this at a real counter). "Server CPU" is',
      'the user + system time of the server processes (all threads) during the measured awards, divided by their',
      'number; the load generator (this process) runs on the same two cores. The rows ran back to back in one run:',
      'compare them with each other (they share the machine’s load at the time), not with other sections.',
    ])
      out(line);
    out();
    return lines;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    jwks.close();
  }
}
