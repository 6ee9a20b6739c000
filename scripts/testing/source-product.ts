import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { answersOk } from './answers-ok';
import { eventually } from './eventually';
import { freePort } from '@punkto/platform/testing/free-port';

const root = resolve(import.meta.dirname, '..', '..');
const SERVICES = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'];
const URL_VARIABLES = [
  'IDENTITY_URL',
  'TENANT_URL',
  'CARD_LEDGER_URL',
  'BILLING_URL',
  'SURVEY_URL',
  'NOTIFICATION_URL',
];

export interface SourceProduct {
  base: string;
  dataDir: string;
  /** the processes' ids: one (embedded) or the services' then the gateway's (distributed) */
  pids(): number[];
  /** what the processes printed so far */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The product from sources through its real entry point (server/main.ts with tsx, no build), ready once the
 * gateway's deep readiness answers: in one process (`embedded`: `SERVICES=all`, the services mounted on the
 * gateway's server) or the services on their own servers in another process than the gateway (`distributed`).
 * `servicePorts` are the six services' ports, in the order identity, tenant, card-ledger, billing, survey,
 * notification (embedded: where they would listen were they not mounted); `env` adds to every process's
 * environment. `stop()` ends the processes with SIGTERM and removes the data directory.
 */
export async function startSourceProduct(options: {
  mode: 'embedded' | 'distributed';
  port: number;
  servicePorts: readonly number[];
  env?: Record<string, string>;
  dataDir?: string;
}): Promise<SourceProduct> {
  const { mode, port } = options;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `punkto-${mode}-`));
  const base = `http://127.0.0.1:${port}`;
  const urls = Object.fromEntries(
    URL_VARIABLES.map((name, i) => [name, `http://127.0.0.1:${options.servicePorts[i]}`]),
  );
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    WEB_DIST_DIR: '',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_JWKS_URL: `${urls.IDENTITY_URL}/.well-known/jwks.json`,
    ...urls,
    ...options.env,
  };
  const children: ChildProcess[] = [];
  let output = '';
  const run = (services: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...env, SERVICES: services },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (output += String(c)));
    child.stderr!.on('data', (c) => (output += String(c)));
    children.push(child);
  };
  if (mode === 'embedded') run('all');
  else {
    run(SERVICES.join(','));
    run('gateway');
  }
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await eventually(
      `the ${mode} product ready`,
      async () => ((await answersOk(`${base}/readyz/upstreams`)) ? true : undefined),
      90_000,
    );
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${output.slice(-4000)}`, { cause: error });
  }
  return { base, dataDir, pids: () => children.map((c) => c.pid!), output: () => output, stop };
}

/**
 * The product in one process (`embedded`) on free ports: the gateway's and the six services' (where they would
 * listen were they not mounted). The set-up of the whole-product tests in server/.
 */
export async function startEmbeddedProduct(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<SourceProduct> {
  const port = await freePort();
  const servicePorts: number[] = [];
  for (let i = 0; i < SERVICES.length; i++) servicePorts.push(await freePort());
  return startSourceProduct({ mode: 'embedded', port, servicePorts, ...options });
}
