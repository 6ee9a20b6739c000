/**
 * The one entry point (server/main.ts, ADR 0028) run from sources: SERVICES selects the modules one process
 * hosts; every module's environment is validated before anything starts; the modules listen where the
 * gateway's URLs say, the gateway proxies to them over loopback HTTP as in the distributed mode, and one
 * SIGTERM stops them all cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'punkto-one-process-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// off the default ports (8080…8086), which the e2e tier and `npm start` use
const PORT = 18480;
const url = (offset: number) => `http://127.0.0.1:${PORT + offset}`;

function start(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

async function until(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

describe('one process, any set of modules (server/main.ts)', () => {
  it('refuses an unknown module by name, starting nothing', async () => {
    const run = start({ SERVICES: 'identity,ledger' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('SERVICES: unknown ledger');
  });

  it("lists every module's bad environment before any module starts", async () => {
    const run = start({
      SERVICES: 'tenant,gateway',
      PORT: String(PORT),
      TENANT_URL: url(2),
      RATE_LIMIT_PER_MINUTE: 'lots',
      TRACING_EXPORTER: 'carrier-pigeon',
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/tenant: Invalid configuration:[\s\S]*TRACING_EXPORTER/);
    expect(run.output()).toMatch(/gateway: Invalid configuration:[\s\S]*RATE_LIMIT_PER_MINUTE/);
    expect(run.output()).not.toContain('Server listening');
  });

  it('exits 1 when a module fails to start, stopping the others (never half running)', async () => {
    // both services on one port: whichever listens second fails
    const run = start({ SERVICES: 'tenant,survey', TENANT_URL: url(5), SURVEY_URL: url(5) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('module failed to start');
    await expect(fetch(`${url(5)}/healthz`)).rejects.toThrow();
  });

  it("hosts services and the gateway in one process, each on its URL's port, and stops them on SIGTERM", async () => {
    const run = start({
      SERVICES: 'tenant,card-ledger,gateway',
      PORT: String(PORT),
      TENANT_URL: url(2),
      CARD_LEDGER_URL: url(3),
    });
    await until('tenant and card ledger ready', async () => {
      const [tenant, cards] = await Promise.all([fetch(`${url(2)}/readyz`), fetch(`${url(3)}/readyz`)]);
      return tenant.ok && cards.ok;
    });
    await until('gateway up', async () => (await fetch(`${url(0)}/healthz`)).ok);
    // through the gateway's proxy to the tenant module: its own auth answers, in the spec's error shape
    const proxied = await fetch(`${url(0)}/api/v1/permissions`);
    expect(proxied.status).toBe(401);
    expect(proxied.headers.get('content-type')).toContain('application/json');
    // each module logs under its own name; the process under `punkto`
    const lines = run
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { service: string; msg: string; module?: string; threads?: object });
    expect(lines.some((l) => l.service === 'tenant' && l.msg === 'tenant ready')).toBe(true);
    expect(lines.some((l) => l.service === 'card-ledger' && l.msg === 'card-ledger ready')).toBe(true);
    // the gateway has a thread of its own (GATEWAY_THREAD=worker, the default); the services run on the main one
    const ready = lines.find((l) => l.service === 'punkto' && l.msg === 'punkto ready');
    expect(ready?.threads).toEqual({ gateway: expect.any(Number) });
    expect((ready?.threads as { gateway: number }).gateway).toBeGreaterThan(0);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('stopped cleanly');
    // the gateway stops taking requests first, then the services in reverse start order
    const stopped = run
      .output()
      .split('\n')
      .filter((l) => l.includes('"module stopped"'))
      .map((l) => (JSON.parse(l) as { module: string }).module);
    expect(stopped).toEqual(['gateway', 'card-ledger', 'tenant']);
    await expect(fetch(`${url(2)}/healthz`)).rejects.toThrow();
  });

  it('keeps the gateway on the main thread with GATEWAY_THREAD=main, proxying the same way', async () => {
    const run = start({
      SERVICES: 'tenant,gateway',
      GATEWAY_THREAD: 'main',
      PORT: String(PORT),
      TENANT_URL: url(2),
    });
    // not /readyz/upstreams: it also asks the modules not hosted here, at their default ports
    await until('tenant ready', async () => (await fetch(`${url(2)}/readyz`)).ok);
    await until('gateway up', async () => (await fetch(`${url(0)}/healthz`)).ok);
    expect((await fetch(`${url(0)}/api/v1/permissions`)).status).toBe(401);
    expect(run.output()).toContain('"threads":{}');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses an unknown GATEWAY_THREAD, starting nothing', async () => {
    const run = start({ SERVICES: 'tenant,gateway', GATEWAY_THREAD: 'fibre', PORT: String(PORT) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('GATEWAY_THREAD: expected worker or main');
  });
});
