/**
 * Run modes (ADR 0028), each beside its baseline in the same run:
 *
 * - `footprint`: `npm start` as one process (deploy/local/start.mjs → server/dist/main.js, SERVICES=all)
 *   beside the seven-process launcher it replaced (scripts/bench/seven-processes.mjs, the old start.mjs):
 *   launch → gateway's /readyz/upstreams OK, then resident memory of the whole process tree at idle
 *   (RSS, as the issue measured it, and PSS, which shares the pages of common libraries between processes).
 *   Built bundles; run `npm run build:server` first. `FOOTPRINT_BEFORE=<dir>` adds `npm start` as built from
 *   an earlier tree (`<dir>/deploy/local/start.mjs` and `<dir>/server/dist`, e.g. main's HEAD built and
 *   copied there) beside the current one, so a change to the launch is measured against its baseline.
 * - `cross-service`: an award over HTTP (the card ledger's real handler) → the event seen by another
 *   service's consumer (its own connection to the shared bus file), hosted in the same process as the card
 *   ledger (woken in-process) beside the same consumer in a process of its own (found by the 50 ms poll).
 *
 * - `gateway-hop`: the gateway → tenant path with both in one process (the tenant mounted on the gateway's
 *   server, ADR 0036) beside two processes.
 *
 * Alone: `npm run bench -- footprint` / `-- cross-service` / `-- gateway-hop`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { answersOk } from '../testing/answers-ok';
import { postJson } from './card-awards';
import { issueCards } from './issue-cards';
import { fmt, summarize } from './stats';

const root = resolve(import.meta.dirname, '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wallClock = () => performance.timeOrigin + performance.now();

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ── footprint ──────────────────────────────────────────────────────────────────────────────────────────

const FOOTPRINT_PORT = 18380;
const SERVICE_PORTS = { identity: 1, tenant: 2, 'card-ledger': 3, billing: 4, survey: 5, notification: 6 };
const IDLE_MS = 10_000;

function productEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(FOOTPRINT_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${FOOTPRINT_PORT}`,
    AUTH_JWKS_URL: `http://127.0.0.1:${FOOTPRINT_PORT + 1}/.well-known/jwks.json`,
  };
  delete env.SERVICES;
  delete env.APP;
  delete env.METRICS_PORT;
  delete env.METRICS_PORT_BASE;
  for (const [name, offset] of Object.entries(SERVICE_PORTS))
    env[`${name.toUpperCase().replace(/-/g, '_')}_URL`] = `http://127.0.0.1:${FOOTPRINT_PORT + offset}`;
  return env;
}

/** The process and its descendants (Linux /proc). */
function tree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const p = pids[i]!;
    try {
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/** kB → MB of one /proc line, e.g. `VmRSS:  123 kB`. */
function procKb(file: string, field: string): number {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) the process and its descendants have used so far (Linux /proc, 100 ticks/s). */
function cpuOf(pid: number): number {
  return (
    tree(pid).reduce((sum, p) => {
      try {
        // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
        const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return sum + Number(fields[11]) + Number(fields[12]);
      } catch {
        return sum;
      }
    }, 0) / 100
  );
}

function memoryOf(pid: number) {
  const pids = tree(pid);
  const rss = pids.reduce((sum, p) => sum + procKb(`/proc/${p}/status`, 'VmRSS'), 0) / 1024;
  const pss = pids.reduce((sum, p) => sum + procKb(`/proc/${p}/smaps_rollup`, 'Pss'), 0) / 1024;
  return { processes: pids.length, rss, pss };
}

async function launchProduct(entry: string, dataDir: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [entry.startsWith('/') ? entry : join(root, entry)], {
    cwd: root,
    env: { ...productEnv(dataDir), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
      const ready = await answersOk(`http://127.0.0.1:${FOOTPRINT_PORT}/readyz/upstreams`);
      if (ready) break;
      if (performance.now() - started > 120_000) throw new Error(`${entry}: not ready within 120 s`);
      await sleep(50);
    }
    const launchMs = performance.now() - started;
    const launchCpu = cpuOf(child.pid!);
    await sleep(IDLE_MS);
    const samples = [];
    for (let i = 0; i < 5; i++) {
      samples.push(memoryOf(child.pid!));
      await sleep(1000);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    return {
      launchMs,
      launchCpu,
      processes: samples[0]!.processes,
      rss: median(samples.map((s) => s.rss)),
      pss: median(samples.map((s) => s.pss)),
    };
  } finally {
    await stop(child);
  }
}

export async function footprintBench(work: string): Promise<string[]> {
  for (const bundle of ['server/dist/main.js', 'services/identity/dist/main.js', 'gateway/dist/main.js'])
    if (!existsSync(join(root, bundle))) throw new Error(`${bundle} missing: run npm run build:server first`);
  const modes = [
    {
      label: 'baseline: seven processes + launcher (the old `npm start`)',
      entry: 'scripts/bench/seven-processes.mjs',
    },
    {
      label: 'one process, services mounted on the gateway (`npm start` now, ADR 0036)',
      entry: 'deploy/local/start.mjs',
      env: {},
    },
  ];
  const before = process.env.FOOTPRINT_BEFORE;
  if (before) {
    const entry = resolve(before, 'deploy/local/start.mjs');
    if (!existsSync(entry) || !existsSync(resolve(before, 'server/dist/main.js')))
      throw new Error(`FOOTPRINT_BEFORE=${before}: no deploy/local/start.mjs and server/dist/main.js there`);
    modes.splice(1, 0, {
      label: 'baseline: `npm start` as built before this change',
      entry,
      env: {},
    });
  }
  const rows: string[] = [];
  // interleaved rounds; round 1 starts on an empty data directory, round 2 on the one round 1 left
  for (const round of [1, 2])
    for (const [i, mode] of modes.entries()) {
      const dataDir = join(work, `footprint-${i}`);
      mkdirSync(dataDir, { recursive: true });
      const m = await launchProduct(mode.entry, dataDir, 'env' in mode ? mode.env : {});
      console.log(`[bench] footprint ${mode.entry} round ${round}: ${JSON.stringify(m)}`);
      rows.push(
        `| ${mode.label} | ${round === 1 ? 'empty' : 'existing'} | ${m.processes} | ${fmt(m.launchMs / 1000, 1)} | ${fmt(m.launchCpu, 1)} | ${fmt(m.rss, 0)} | ${fmt(m.pss, 0)} |`,
      );
    }
  return [
    `## Footprint: npm start, one process vs seven (idle ${IDLE_MS / 1000} s after ready, whole process tree)`,
    '',
    '| mode | data dir | processes | launch → ready s | CPU s to ready | RSS MB | PSS MB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Launch → ready: from spawning the launcher to the gateway answering `/readyz/upstreams` with every service up;',
    'CPU s to ready: user + system time the process tree had used by then (less sensitive than wall time to a loaded',
    'machine).',
    '(built bundles: `npm run build:server` first). RSS is what the issue measured (shared library pages counted once per process);',
    "PSS splits shared pages between the processes that map them. The SPA is not served (`WEB_DIST_DIR=''`).",
    '',
  ];
}

// ── cross-service ──────────────────────────────────────────────────────────────────────────────────────

const CROSS = { cards: 18393, jwks: 18399 };
const AWARDS = 300;
const WARMUP = 30;

interface Seen {
  at: number;
  occurredAt: number;
}
interface Host {
  child: ChildProcess;
  seen: () => Promise<Seen>;
}

function startHost(modules: string, env: NodeJS.ProcessEnv): Promise<Host> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/bench/run-modes-host.ts'), modules],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const seenTimes: Seen[] = [];
  let waiting: ((seen: Seen) => void) | undefined;
  return new Promise((resolveHost, reject) => {
    child.once('exit', (code) => reject(new Error(`bench host ${modules} exited with ${code}`)));
    const observing = !modules.includes('observer');
    let ready = observing;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'OBSERVING') ready = true;
      else if (line.startsWith('SEEN ')) {
        const [at, occurredAt] = line.slice(5).split(' ').map(Number);
        const t = { at: at!, occurredAt: occurredAt! };
        if (waiting) {
          const w = waiting;
          waiting = undefined;
          w(t);
        } else seenTimes.push(t);
      }
      if (ready) resolveHost(host);
    });
    const host: Host = {
      child,
      seen: () =>
        seenTimes.length
          ? Promise.resolve(seenTimes.shift()!)
          : new Promise<Seen>((r, rej) => {
              waiting = r;
              setTimeout(() => rej(new Error('award not seen within 10 s')), 10_000).unref();
            }),
    };
    if (!modules.includes('observer')) resolveHost(host);
  });
}

async function waitReady(url: string) {
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} not ready within 120 s`);
}

async function awardToConsumer(work: string, mode: 'one' | 'two') {
  const dataDir = join(work, `cross-${mode}`);
  mkdirSync(dataDir, { recursive: true });
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench', alg: 'EdDSA' };
  const jwks = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwks.listen(CROSS.jwks, '127.0.0.1', r));
  const tenantId = randomUUID();
  const token = (role: 'business_owner' | 'employee') =>
    new SignJWT({ role, tid: tenantId, perms: ['cards.scan', 'cards.award'] })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
      .setSubject(randomUUID())
      .setIssuer('punkto-identity')
      .setAudience('punkto')
      .setExpirationTime('1h')
      .sign(keys.privateKey);
  const [employee, owner] = [await token('employee'), await token('business_owner')];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(CROSS.cards),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTH_JWKS_URL: `http://127.0.0.1:${CROSS.jwks}/.well-known/jwks.json`,
    SCAN_COOLDOWN_MS: '0',
    ANOMALY_MAX_AWARDS: '100000000',
    ANOMALY_MAX_POINTS: '100000000',
  };
  delete env.METRICS_PORT;
  const hosts: Host[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let observer: Host;
    if (mode === 'one') observer = await startHost('card-ledger,observer', env);
    else {
      hosts.push(await startHost('card-ledger', env));
      observer = await startHost('observer', env);
    }
    hosts.push(observer);
    const cardsUrl = `http://127.0.0.1:${CROSS.cards}`;
    await waitReady(`${cardsUrl}/readyz`);

    // a program and 20 clients, published as the tenant service would; the card ledger issues the cards
    const cardIds = await issueCards({ dataDir, tenantId, cardsUrl, ownerToken: owner, count: 20 });

    const toSeen: number[] = [];
    const answered: number[] = [];
    const decidedToSeen: number[] = [];
    for (let i = 0; i < WARMUP + AWARDS; i++) {
      const sent = wallClock();
      const status = await postJson(
        `${cardsUrl}/api/v1/cards/${cardIds[i % cardIds.length]}/points-from-amount`,
        { cookie: `punkto_access=${employee}`, 'idempotency-key': randomUUID() },
        { amountGrosze: 1234 },
        agent,
      );
      const answeredAt = wallClock();
      if (status !== 200) throw new Error(`award ${i}: status ${status}`);
      const seen = await observer.seen();
      if (i >= WARMUP) {
        toSeen.push(seen.at - sent);
        answered.push(answeredAt - sent);
        decidedToSeen.push(seen.at - seen.occurredAt);
      }
      await sleep(Math.random() * 20); // off the poll's phase, as real awards are
    }
    return {
      toSeen: summarize(toSeen),
      answered: summarize(answered),
      decidedToSeen: summarize(decidedToSeen),
    };
  } finally {
    agent.destroy();
    for (const host of hosts.reverse()) await stop(host.child);
    await new Promise((r) => jwks.close(r));
  }
}

export async function crossServiceBench(work: string): Promise<string[]> {
  const two = await awardToConsumer(work, 'two');
  const one = await awardToConsumer(work, 'one');
  const row = (label: string, r: typeof one) =>
    `| ${label} | ${fmt(r.answered.p50)} | ${fmt(r.answered.p99)} | ${fmt(r.toSeen.p50)} | ${fmt(r.toSeen.p99)} | ${fmt(r.decidedToSeen.p50, 1)} | ${fmt(r.decidedToSeen.p99, 1)} |`;
  return [
    `## Cross-service: award → event seen by another service's consumer (${AWARDS} awards, one at a time, SQLite bus)`,
    '',
    '| mode | request → answered p50 ms | p99 | request → consumer saw it p50 ms | p99 | award decided → consumer saw it p50 ms | p99 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('baseline: consumer in a process of its own (50 ms bus poll)', two),
    row('one process: consumer module beside the card ledger (in-process wake-up)', one),
    '',
    "Both columns count from sending `POST /cards/{id}/points-from-amount` to the card ledger's real handler",
    '(auth, Idempotency-Key, event-sourced award): "answered" when its response arrived, "saw it" when the',
    "other module's consumer — its own connection to `bus.db`, through `startConsumer` as every service's —",
    'handled the `PointsEarned` the relay published. "Award decided" is the event\'s `occurredAt` (millisecond',
    'resolution, so ±1 ms): what follows it is the event-store append (an fsync), the relay and the bus hop.',
    'Awards are spaced by a random 0–20 ms. Processes run from sources (tsx) through the runtime host',
    '(scripts/bench/run-modes-host.ts).',
    '',
  ];
}

// ── gateway → service: loopback HTTP inside one process vs between processes ───────────────────────────

const HOP = { gateway: 18580, tenant: 18582 };

/** Closed-loop GET load over keep-alive HTTP/1.1. */
async function getLoad(url: string, total: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        await new Promise<void>((resolveGet, reject) =>
          http
            .get(url, { agent }, (res) => {
              res.resume();
              res.on('end', resolveGet);
            })
            .on('error', reject),
        );
        latencies.push(performance.now() - t);
      }
    }),
  );
  agent.destroy();
  return { ...summarize(latencies), rps: total / ((performance.now() - started) / 1000) };
}

async function startBundle(entry: string, env: NodeJS.ProcessEnv, readyUrl: string) {
  const child = spawn(process.execPath, [join(root, entry)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitReady(readyUrl);
  return child;
}

export async function gatewayHopBench(work: string): Promise<string[]> {
  const gatewayEnv = {
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'hop-data'),
    TENANT_URL: `http://127.0.0.1:${HOP.tenant}`,
    WEB_DIST_DIR: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const tenantUrl = `http://127.0.0.1:${HOP.tenant}`;
  const gatewayUrl = `http://127.0.0.1:${HOP.gateway}`;
  const path = '/api/v1/permissions'; // routed to tenant; answers 401 JSON without touching storage
  const total = 4000;
  const concurrency = 16;
  const measure = async () => {
    await getLoad(`${tenantUrl}${path}`, 500, concurrency); // warm-up (JIT)
    await getLoad(`${gatewayUrl}${path}`, 500, concurrency);
    return {
      direct: await getLoad(`${tenantUrl}${path}`, total, concurrency),
      proxied: await getLoad(`${gatewayUrl}${path}`, total, concurrency),
    };
  };
  // baseline: two processes, as before ADR 0028
  const twoProcesses = async () => {
    const children = [
      await startBundle(
        'services/tenant/dist/main.js',
        { ...gatewayEnv, PORT: String(HOP.tenant) },
        `${tenantUrl}/readyz`,
      ),
      await startBundle(
        'gateway/dist/main.js',
        { ...gatewayEnv, PORT: String(HOP.gateway) },
        `${gatewayUrl}/healthz`,
      ),
    ];
    return measure().finally(() => Promise.all(children.map(stop)));
  };
  // one process (ADR 0036): the tenant mounted on the gateway's server, no listener of its own, no hop
  const oneProcess = async () => {
    const child = await startBundle(
      'server/dist/main.js',
      { ...gatewayEnv, SERVICES: 'tenant,gateway', PORT: String(HOP.gateway) },
      // the gateway's own health, not /readyz/upstreams: that one waits for all six services
      `${gatewayUrl}/healthz`,
    );
    try {
      await getLoad(`${gatewayUrl}${path}`, 500, concurrency); // warm-up (JIT)
      return { mounted: await getLoad(`${gatewayUrl}${path}`, total, concurrency) };
    } finally {
      await stop(child);
    }
  };
  // interleaved rounds: on a shared machine the load moves between variants measured minutes apart
  const rows: string[] = [];
  const row = (round: number, label: string, r: { rps: number; p50: number; p99: number }) =>
    rows.push(`| ${round} | ${label} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
  for (const round of [1, 2, 3]) {
    const separate = await twoProcesses();
    const together = await oneProcess();
    row(round, 'baseline: tenant called directly, its own process', separate.direct);
    row(round, 'through the gateway, gateway and tenant in two processes', separate.proxied);
    row(round, 'through the gateway, one process, tenant mounted on it (`npm start`)', together.mounted);
    console.log(`[bench] gateway-hop round ${round} done`);
  }
  return [
    `## Gateway → service hop: two processes vs one server (${total} requests, ${concurrency} concurrent, keep-alive, loopback, 3 interleaved rounds)`,
    '',
    '| round | case | req/s | p50 ms | p99 ms |',
    '|---:|---|---:|---:|---:|',
    ...rows,
    '',
    "In one process the services are mounted on the gateway's server (ADR 0036): no loopback hop. Beside it the",
    'distributed shape (gateway proxying to the tenant in its own process) and the tenant answering directly',
    '(`SERVICES=tenant,gateway`, built bundles). The load generator shares the cores with the servers.',
    '',
  ];
}
