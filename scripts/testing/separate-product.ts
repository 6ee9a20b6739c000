import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { answersOk } from './answers-ok';

/**
 * A second copy of the built product for the e2e files that need other settings than the global setup's (e.g.
 * billing on PayU against a local fake): the six services and the gateway as separate processes, exactly as
 * `npm start` runs them (deploy/local/start.mjs), on the fixed ports `gatewayPort` … `gatewayPort + 6`, with
 * their own data directory. `clockOf` gives named services a clock the test can move forward
 * (shifted-clock.mjs). Requires `npm run build` first; e2e files run one after another (fixed ports).
 */
const SERVICES = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'] as const;
type ServiceName = (typeof SERVICES)[number];
const URL_VARIABLES: Record<ServiceName, string> = {
  identity: 'IDENTITY_URL',
  tenant: 'TENANT_URL',
  'card-ledger': 'CARD_LEDGER_URL',
  billing: 'BILLING_URL',
  survey: 'SURVEY_URL',
  notification: 'NOTIFICATION_URL',
};

export interface SeparateProduct {
  baseUrl: string;
  dataDir: string;
  /** moves the clock of the services started with a movable clock by `ms` ahead of real time (0: back) */
  setClockOffset(ms: number): void;
  stop(): Promise<void>;
}

export async function startSeparateProduct(options: {
  gatewayPort: number;
  /** for every process */
  env: Record<string, string>;
  /** for one service only */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
  /** services whose clock the test moves */
  movableClock?: ServiceName[];
}): Promise<SeparateProduct> {
  const root = resolve(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-e2e-product-'));
  const clockFile = join(dataDir, 'clock-offset');
  writeFileSync(clockFile, '0');
  const baseUrl = `http://127.0.0.1:${options.gatewayPort}`;
  const portOf = (name: ServiceName) => options.gatewayPort + 1 + SERVICES.indexOf(name);
  const output: string[] = [];
  const children: ChildProcess[] = [];
  const inherited = { ...process.env };
  delete inherited.PORT;
  delete inherited.METRICS_PORT;
  const common = {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    AUTH_JWKS_URL: `http://127.0.0.1:${portOf('identity')}/.well-known/jwks.json`,
    ...options.env,
  };
  const start = (name: string, entry: string, env: Record<string, string | undefined>, clock: boolean) => {
    const child = spawn(
      process.execPath,
      [
        '--enable-source-maps',
        ...(clock ? ['--import', resolve(import.meta.dirname, 'shifted-clock.mjs')] : []),
        entry,
      ],
      {
        cwd: root,
        env: { ...env, ...(clock && { PUNKTO_TEST_CLOCK_OFFSET_FILE: clockFile }) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (c) => output.push(`${name}: ${String(c)}`));
    child.stderr?.on('data', (c) => output.push(`${name}: ${String(c)}`));
    children.push(child);
  };
  for (const name of SERVICES)
    start(
      name,
      `services/${name}/dist/main.js`,
      { ...common, PORT: String(portOf(name)), ...options.serviceEnv?.[name] },
      options.movableClock?.includes(name) ?? false,
    );
  start(
    'gateway',
    'gateway/dist/main.js',
    {
      ...common,
      PORT: String(options.gatewayPort),
      ...Object.fromEntries(SERVICES.map((s) => [URL_VARIABLES[s], `http://127.0.0.1:${portOf(s)}`])),
    },
    false,
  );

  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    const exited = children.find((c) => c.exitCode !== null);
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`the separate product did not start:\n${output.join('')}`);
    }
    const ok = await answersOk(`${baseUrl}/readyz/upstreams`);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    setClockOffset: (ms) => writeFileSync(clockFile, String(Math.round(ms))),
    stop,
  };
}
