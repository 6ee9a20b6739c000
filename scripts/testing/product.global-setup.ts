import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  startSentryReceiver,
  type SentryReceiver,
} from '../../services/platform/src/testing/sentry-receiver';
import { answersOk } from './answers-ok';

/**
 * e2e tier: starts the whole built product exactly as `npm start` does (deploy/local/start.mjs) on a fresh
 * data directory, waits for the gateway's readiness, hands the URL to the tests, and stops it with SIGTERM
 * (the same path as Ctrl-C) afterwards. Requires `npm run build` first.
 */
let product: ChildProcess | undefined;
let dataDir: string | undefined;
let sentryReceiver: SentryReceiver | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** the local Sentry-envelope receiver the SPA reports to after consent (`GET <url>/received`) */
    sentryReceiverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '..', '..');
  dataDir = mkdtempSync(join(tmpdir(), 'punkto-e2e-'));
  const port = Number(process.env.E2E_PORT ?? 18080);
  const output: string[] = [];
  // the SPA's error reporting (ADR 0024) goes to a local Sentry-protocol receiver through the gateway's tunnel
  sentryReceiver = await startSentryReceiver();
  product = spawn(process.execPath, ['deploy/local/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Short access tokens so the browser tests see a session outlive one (web/e2e/auth.e2e.spec.ts),
      // and e-mail links that point at this product rather than the default :8080.
      ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '20',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
      // every browser test registers from 127.0.0.1; the production limit (10/h per IP) is tested in identity's own suite
      RATE_LIMIT_REGISTER_PER_IP: process.env.RATE_LIMIT_REGISTER_PER_IP ?? '200',
      // the security probes (scripts/security) make hundreds of calls from 127.0.0.1 in a minute; the gateway's
      // own limit is tested in gateway/src/gateway.int.spec.ts
      RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '6000',
      // NPS surveys (web/e2e/surveys.e2e.spec.ts) are due a second after the visit instead of hours
      SURVEY_DELAY_SECONDS: process.env.SURVEY_DELAY_SECONDS ?? '1',
      // the maintenance banner's browser test switches maintenance on and off with this file, as an operator does
      MAINTENANCE_FLAG_FILE: join(dataDir, 'maintenance.flag'),
      ERROR_REPORTING_BROWSER_DSN: sentryReceiver.dsn,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  product.stdout?.on('data', (c) => output.push(String(c)));
  product.stderr?.on('data', (c) => output.push(String(c)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (product.exitCode !== null) throw new Error(`product exited early:\n${output.join('')}`);
    const ok = await answersOk(`${baseUrl}/readyz/upstreams`);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  if (Date.now() >= deadline) throw new Error(`product not ready in 90 s:\n${output.join('')}`);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('sentryReceiverUrl', sentryReceiver.url);

  return async () => {
    if (product && product.exitCode === null) {
      const exited = new Promise((r) => product!.once('exit', r));
      product.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await sentryReceiver?.close();
  };
}
