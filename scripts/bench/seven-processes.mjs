// The baseline of `npm run bench -- footprint` (scripts/bench/run-modes.ts): `npm start` as it was before
// ADR 0028 — six services and the gateway as seven child processes of this launcher, sharing DATA_DIR and
// the polled SQLite bus. Kept verbatim but for the path of the repository and one addition: a service
// listens on the port of its *_URL when set, so the bench can keep off the default ports.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const services = ['identity', 'tenant', 'card-ledger', 'billing', 'survey', 'notification'];
const gatewayPort = Number(process.env.PORT ?? 8080);
const logLevel = process.env.LOG_LEVEL ?? 'warn';
// METRICS_PORT_BASE=9460 npm start: /metrics of process i (identity … notification, gateway) on base + i,
// on loopback (ADR 0019); unset = no metrics listeners
const metricsPortBase = process.env.METRICS_PORT_BASE ? Number(process.env.METRICS_PORT_BASE) : undefined;
const colours = [36, 35, 33, 32, 34, 31, 37];

const processes = [
  ...services.map((name) => ({ name, entry: `services/${name}/dist/main.js` })),
  { name: 'gateway', entry: 'gateway/dist/main.js' },
];
for (const { entry } of processes) {
  if (!existsSync(resolve(root, entry))) {
    console.error(`Brak ${entry}. Uruchom najpierw: npm run build`);
    process.exit(1);
  }
}

const children = new Map();
let stopping = false;

function prefixLines(stream, label, colour, target) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) target.write(`\x1b[${colour}m${label.padEnd(13)}\x1b[0m ${line}\n`);
  });
}

processes.forEach(({ name, entry }, i) => {
  const env = { ...process.env, LOG_LEVEL: logLevel, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  delete env.PORT; // each service has its default port; the gateway gets PORT below
  if (name === 'gateway') env.PORT = String(gatewayPort);
  const url = process.env[`${name.toUpperCase().replace(/-/g, '_')}_URL`];
  if (name !== 'gateway' && url) env.PORT = new URL(url).port;
  delete env.METRICS_PORT; // one port per process, never shared
  if (metricsPortBase !== undefined) env.METRICS_PORT = String(metricsPortBase + i);
  env.PUBLIC_URL ??= `http://localhost:${gatewayPort}`; // links in e-mails point at this gateway
  // one machine, offline: the billing service's sandbox checkout takes the payments (it takes no money and
  // is refused with NODE_ENV=production unless allowed; a real deployment configures PayU instead)
  if (name === 'billing') env.PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION ??= 'true';
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(child.stdout, name, colours[i], process.stdout);
  prefixLines(child.stderr, name, colours[i], process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`${name} zakończył działanie (kod ${code ?? signal}). Zatrzymuję pozostałe usługi.`);
      void stop(1);
    } else if (children.size === 0) process.exit(exitCode);
  });
  children.set(name, child);
});

let exitCode = 0;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code || 1);
  }, 15_000).unref();
  if (children.size === 0) process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

// wait until the gateway reports every service ready
const url = `http://localhost:${gatewayPort}`;
const deadline = Date.now() + 60_000;
while (!stopping && Date.now() < deadline) {
  const ready = await fetch(`${url}/readyz/upstreams`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) {
    console.log(
      `\n  Punkto działa: ${url}\n  Dokumentacja API: ${url}/api/docs\n  Skrzynka deweloperska (tylko z tego komputera): ${url}/dev/mailbox\n  Zatrzymanie: Ctrl-C\n`,
    );
    break;
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (!stopping && Date.now() >= deadline) {
  console.error('Usługi nie uruchomiły się w ciągu 60 s.');
  await stop(1);
}
