/**
 * The one entry point (server/main.ts, ADR 0028, 0036) run from sources: SERVICES selects the modules one
 * process hosts; every module's environment is validated before anything starts; without the gateway the
 * services listen where their URLs say, with it they are mounted on its server (no listener of their own)
 * and the others are proxied; one SIGTERM stops them all cleanly.
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
const PORT = 20480;
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

  it('mounts the services on the gateway in one process (no listener of their own), and stops them on SIGTERM', async () => {
    const run = start({
      SERVICES: 'tenant,card-ledger,gateway',
      PORT: String(PORT),
      TENANT_URL: url(2),
      CARD_LEDGER_URL: url(3),
    });
    // not /readyz/upstreams: it also asks the modules not hosted here, at their default ports
    await until('tenant and card ledger ready', async () => {
      const status = (await (await fetch(`${url(0)}/api/v1/status`)).json()) as {
        services: Array<{ name: string; status: string }>;
      };
      return ['tenant', 'card-ledger'].every((name) =>
        status.services.some((s) => s.name === name && s.status === 'up'),
      );
    });
    // the tenant module mounted on the gateway's server: its own auth answers, in the spec's error shape
    const mounted = await fetch(`${url(0)}/api/v1/permissions`);
    expect(mounted.status).toBe(401);
    expect(mounted.headers.get('content-type')).toContain('application/json');
    // nothing listens where the services would on their own
    await expect(fetch(`${url(2)}/healthz`)).rejects.toThrow();
    await expect(fetch(`${url(3)}/healthz`)).rejects.toThrow();
    // each module logs under its own name; the process under `punkto`
    const lines = run
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { service: string; msg: string; module?: string; mounted?: string[] });
    expect(lines.some((l) => l.service === 'tenant' && l.msg === 'tenant ready')).toBe(true);
    expect(lines.some((l) => l.service === 'card-ledger' && l.msg === 'card-ledger ready')).toBe(true);
    const ready = lines.find((l) => l.service === 'punkto' && l.msg === 'punkto ready');
    expect(ready?.mounted).toEqual(['tenant', 'card-ledger']);

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
  });

  it('without the gateway, runs the services on their URLs’ ports', async () => {
    const run = start({ SERVICES: 'tenant,survey', TENANT_URL: url(2), SURVEY_URL: url(5) });
    await until('tenant and survey ready', async () => {
      const [tenant, survey] = await Promise.all([fetch(`${url(2)}/readyz`), fetch(`${url(5)}/readyz`)]);
      return tenant.ok && survey.ok;
    });
    expect((await fetch(`${url(2)}/api/v1/permissions`)).status).toBe(401);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
