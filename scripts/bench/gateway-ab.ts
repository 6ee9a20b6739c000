// Gateway A/B: the same tenant service behind two gateway builds — a baseline bundle (e.g. built from an
// earlier commit in a worktree) and this tree's `gateway/dist/main.js` — loaded in interleaved rounds so the
// machine's mood affects both alike. Besides req/s and latency, each gateway's own CPU time per proxied request
// (user + system, read from /proc/<pid>/stat before and after each load; Linux only) — the figure the load
// generator and the tenant service sharing the cores do not blur.
//   node --import tsx scripts/bench/gateway-ab.ts --baseline /tmp/base/gateway/dist/main.js [--rounds 4]
// BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles both gateways (written when they stop);
// BENCH_LOG_LEVEL=info runs the servers at that level (default warn, as `npm start`; compose runs info).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fmt, processCpuMs, summarize } from './stats';

const { values } = parseArgs({
  options: { baseline: { type: 'string' }, rounds: { type: 'string', default: '4' } },
});
if (!values.baseline) throw new Error('--baseline <path to a built gateway main.js> is required');
const root = resolve(import.meta.dirname, '..', '..');
const data = mkdtempSync(join(tmpdir(), 'punkto-gateway-ab-'));
const children: ChildProcess[] = [];

async function start(entry: string, env: Record<string, string>, readyUrl: string, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      DATA_DIR: data,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${entry} did not become ready`);
}

/** Closed-loop keep-alive load (node:http); `body` makes it a POST of that JSON. */
async function load(
  url: string,
  total: number,
  concurrency: number,
  body?: string,
  extraHeaders: Record<string, string> = {},
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const one = () =>
    new Promise<void>((done, fail) => {
      const req = http.request(
        url,
        {
          agent,
          method: body ? 'POST' : 'GET',
          headers: body
            ? {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                ...extraHeaders,
              }
            : extraHeaders,
        },
        (res) => {
          res.resume();
          res.on('end', done);
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        await one();
        latencies.push(performance.now() - t);
      }
    }),
  );
  agent.destroy();
  return { ...summarize(latencies), rps: total / ((performance.now() - started) / 1000) };
}

try {
  const tenant = 'http://127.0.0.1:18282';
  await start(join(root, 'services/tenant/dist/main.js'), { PORT: '18282' }, `${tenant}/healthz`);
  const gateways = { baseline: 'http://127.0.0.1:18280', 'this tree': 'http://127.0.0.1:18281' };
  const common = {
    HOST: '127.0.0.1',
    TENANT_URL: tenant,
    WEB_DIST_DIR: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const pids: Record<string, number | undefined> = {
    baseline: (
      await start(
        resolve(values.baseline),
        { ...common, PORT: '18280' },
        `${gateways.baseline}/healthz`,
        nodeArgs,
      )
    ).pid,
    'this tree': (
      await start(
        join(root, 'gateway/dist/main.js'),
        { ...common, PORT: '18281' },
        `${gateways['this tree']}/healthz`,
        nodeArgs,
      )
    ).pid,
  };
  // GET: 401 JSON from tenant without storage; POST: a 1 kB JSON body forwarded (CSRF answers 403 upstream);
  // award-shaped: a small JSON POST with what an award carries (an access-token cookie, an Idempotency-Key, a
  // browser's Origin and User-Agent), answered 401 by tenant (the token is not one of identity's)
  const accessToken = `eyJhbGciOiJFZERTQSIsImtpZCI6ImJlbmNoIn0.${Buffer.from(
    JSON.stringify({
      role: 'employee',
      tid: randomUUID(),
      perms: ['cards.scan', 'cards.award'],
      sub: randomUUID(),
    }),
  ).toString('base64url')}.${'s'.repeat(86)}`;
  const cases = [
    { name: 'GET /api/v1/permissions', path: '/api/v1/permissions' },
    {
      name: 'POST 1 kB JSON',
      path: '/api/v1/tenants/create',
      body: JSON.stringify({ pad: 'x'.repeat(1000) }),
    },
    {
      name: 'POST award-shaped',
      path: `/api/v1/tenants/${randomUUID()}/clients`,
      body: JSON.stringify({ amountGrosze: 1234 }),
      headers: {
        cookie: `punkto_access=${accessToken}; punkto_consent=1`,
        'idempotency-key': randomUUID(),
        origin: 'http://127.0.0.1:18281',
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile',
      },
    },
  ];
  const total = 4000;
  const concurrency = 16;
  type Run = { rps: number; p50: number; p99: number; cpuMsPerRequest: number };
  const rows: Record<string, Record<string, Run[]>> = {};
  for (const c of cases)
    for (const url of Object.values(gateways))
      await load(`${url}${c.path}`, 500, concurrency, c.body, c.headers); // warm-up
  for (let round = 0; round < Number(values.rounds); round++)
    for (const c of cases)
      for (const [name, url] of round % 2 ? Object.entries(gateways).reverse() : Object.entries(gateways)) {
        const cpuBefore = processCpuMs(pids[name]);
        const r = await load(`${url}${c.path}`, total, concurrency, c.body, c.headers);
        const cpuMsPerRequest = (processCpuMs(pids[name]) - cpuBefore) / total;
        ((rows[c.name] ??= {})[name] ??= []).push({ ...r, cpuMsPerRequest });
      }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `| case | gateway | req/s (median of ${values.rounds}) | p50 ms | p99 ms | gateway CPU ms per request (median) |`,
  );
  console.log('|---|---|---:|---:|---:|---:|');
  for (const [c, byGateway] of Object.entries(rows))
    for (const [g, runs] of Object.entries(byGateway))
      console.log(
        `| ${c} | ${g} | ${fmt(median(runs.map((r) => r.rps)), 0)} | ${fmt(median(runs.map((r) => r.p50)))} | ${fmt(median(runs.map((r) => r.p99)))} | ${fmt(median(runs.map((r) => r.cpuMsPerRequest)), 3)} |`,
      );
  console.log(`\nper round (req/s; CPU ms per request):`);
  for (const [c, byGateway] of Object.entries(rows))
    for (const [g, runs] of Object.entries(byGateway))
      console.log(
        `${c} | ${g}: ${runs.map((r) => `${fmt(r.rps, 0)}; ${fmt(r.cpuMsPerRequest, 3)}`).join(' | ')}`,
      );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(data, { recursive: true, force: true });
}
