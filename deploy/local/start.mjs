// `npm start`: the whole product on one machine with the embedded adapters — the gateway and the six services
// in THIS one Node process (ADR 0028), sharing DATA_DIR (default ./data). Prints the URL when everything is
// ready and stops every module cleanly on Ctrl-C / SIGTERM (each closes its SQLite files), then exits.
// SERVICES=identity,tenant npm start runs a subset (the others are then expected elsewhere).
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..', '..');
const entry = resolve(root, 'server/dist/main.js');
if (!existsSync(entry)) {
  console.error('Brak server/dist/main.js. Uruchom najpierw: npm run build');
  process.exit(1);
}
process.chdir(root);
process.setSourceMapsEnabled(true);

const env = process.env;
const gatewayPort = Number(env.PORT ?? 8080);
env.SERVICES ??= 'all';
env.LOG_LEVEL ??= 'warn';
env.NODE_ENV ??= 'production';
// METRICS_PORT_BASE=9460 npm start: /metrics of identity … notification, gateway on base + 0 … 6, on loopback
// (ADR 0019); unset = no metrics listeners. The host gives module i METRICS_PORT + i.
if (env.METRICS_PORT_BASE) env.METRICS_PORT = env.METRICS_PORT_BASE;
else delete env.METRICS_PORT;
env.PUBLIC_URL ??= `http://localhost:${gatewayPort}`; // links in e-mails point at this gateway
// one machine, offline: the billing service's sandbox checkout takes the payments (it takes no money and is
// refused with NODE_ENV=production unless allowed; a real deployment configures PayU instead)
env.PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION ??= 'true';

// the host validates every module's environment, starts them and handles SIGINT/SIGTERM (runtime/host.ts)
await import(pathToFileURL(entry).href);

/**
 * Whether `GET url` answers 2xx within 2 s. node:http, not fetch: fetch refuses the WHATWG "bad ports" (10080, 6000,
 * 6665–6669 …) without connecting, so on PORT=10080 a healthy product was never seen ready and was stopped.
 */
const answersOk = (url) =>
  new Promise((resolve) => {
    const req = get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode >= 200 && res.statusCode < 300);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });

const modules = env.SERVICES.split(',').map((s) => s.trim());
if (modules.includes('all') || modules.includes('gateway')) {
  const url = `http://localhost:${gatewayPort}`;
  const deadline = Date.now() + 60_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    ready = await answersOk(`${url}/readyz/upstreams`);
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  if (ready)
    console.log(
      `\n  Punkto działa: ${url}\n  Dokumentacja API: ${url}/api/docs\n  Skrzynka deweloperska (tylko z tego komputera): ${url}/dev/mailbox\n  Zatrzymanie: Ctrl-C\n`,
    );
  else {
    console.error('Usługi nie uruchomiły się w ciągu 60 s.');
    process.kill(process.pid, 'SIGTERM');
  }
}
