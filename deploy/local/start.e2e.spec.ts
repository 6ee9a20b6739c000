/**
 * `npm start` (deploy/local/start.mjs) on ports `fetch` refuses (issue 36): the WHATWG "bad ports" such as 10080
 * and 6665–6669. Its readiness check, the gateway's probes of the services and the container's health check ask
 * over node:http, so a healthy product on such a port is reported ready and keeps running. Requires
 * `npm run build` first, like every run of start.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'punkto-bad-port-'));

// the gateway on 10080 and the notification service on 6666, both on fetch's list; the others off the default
// ports (8081…8086), which the e2e tier's product and `npm start` use
const GATEWAY_PORT = 10080;
const services = {
  IDENTITY_URL: 'http://127.0.0.1:19481',
  TENANT_URL: 'http://127.0.0.1:19482',
  CARD_LEDGER_URL: 'http://127.0.0.1:19483',
  BILLING_URL: 'http://127.0.0.1:19484',
  SURVEY_URL: 'http://127.0.0.1:19485',
  NOTIFICATION_URL: 'http://127.0.0.1:6666',
};

/** status and body of GET url over node:http (the test cannot use fetch on these ports either) */
const getText = (url: string) =>
  new Promise<{ status: number; body: string }>((resolveGet, reject) => {
    get(url, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolveGet({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });

const product = spawn(process.execPath, ['deploy/local/start.mjs'], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(GATEWAY_PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...services,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
product.stdout.on('data', (chunk) => (output += String(chunk)));
product.stderr.on('data', (chunk) => (output += String(chunk)));
const exited = new Promise<number | null>((done) => product.once('exit', (code) => done(code)));

afterAll(async () => {
  if (product.exitCode === null) {
    product.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on ports fetch refuses (PORT=10080, a service on 6666)', () => {
  it('reports the product ready, and it keeps running and answering', async () => {
    // start.mjs gives up after 60 s: it says either one thing or the other, or exits
    const deadline = Date.now() + 75_000;
    while (
      Date.now() < deadline &&
      product.exitCode === null &&
      !output.includes('Punkto działa') &&
      !output.includes('nie uruchomiły się')
    )
      await new Promise((r) => setTimeout(r, 200));
    expect(output).toContain(`Punkto działa: http://localhost:${GATEWAY_PORT}`);
    expect(output).not.toContain('nie uruchomiły się');

    const upstreams = await getText(`http://127.0.0.1:${GATEWAY_PORT}/readyz/upstreams`);
    expect(upstreams.status).toBe(200);
    expect(JSON.parse(upstreams.body).checks.notification).toBe('ok');
    // through the gateway to a service: the product works, not only its health endpoints
    const plans = await getText(
      `http://127.0.0.1:${GATEWAY_PORT}/api/v1/subscriptions/list-available-subscriptions`,
    );
    expect(plans.status).toBe(200);
    // the container's HEALTHCHECK on this port
    const health = spawnSync(process.execPath, ['deploy/docker/healthcheck.mjs'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: String(GATEWAY_PORT) },
    });
    expect(health.status).toBe(0);
    // still up a while later (before the fix it was stopped once the 60 s had passed)
    await new Promise((r) => setTimeout(r, 2_000));
    expect(product.exitCode).toBeNull();
  });

  it('stops cleanly on SIGTERM', async () => {
    product.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
