// The one entry point of every Node process of Punkto (ADR 0028), like Loki's `-target`: SERVICES (else APP,
// else `all`) selects the modules this process hosts — `all` is the gateway and the six services in one
// process (`npm start`), `identity` one service per container/pod, `identity,tenant` any subset. The modules
// stay separate: each has its own configuration, data directory, stores, logger name and metrics registry,
// services talk only through the bus, and the gateway reaches them over HTTP as in the distributed mode.
import { ConfigError } from '@punkto/platform/config/config';
import { hostModules, selectModules, type HostedModule } from '@punkto/platform/runtime/host';
import { inWorkerThread, spawnThread, type ThreadOptions } from '@punkto/platform/runtime/worker-thread';

/** In start order: services first, the gateway last (and stopped first). Loaded only when selected. */
const modules: Record<string, () => Promise<HostedModule>> = {
  identity: async () => (await import('@punkto/identity/module')).identityModule,
  tenant: async () => (await import('@punkto/tenant/module')).tenantModule,
  'card-ledger': async () => (await import('@punkto/card-ledger/module')).cardLedgerModule,
  billing: async () => (await import('@punkto/billing/module')).billingModule,
  survey: async () => (await import('@punkto/survey/module')).surveyModule,
  notification: async () => (await import('@punkto/notification/module')).notificationModule,
  gateway: async () => (await import('@punkto/gateway/module')).gatewayModule,
};
const order = Object.keys(modules);

let names: string[];
let gatewayThread: 'worker' | 'main';
try {
  names = selectModules(process.env.SERVICES ?? process.env.APP ?? 'all', order);
  gatewayThread = threadOf(process.env.GATEWAY_THREAD);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`punkto: ${error.message}\n`);
  process.exit(1);
}

/**
 * GATEWAY_THREAD: where the gateway runs when this process hosts it with services. `worker` (the default)
 * gives it an event loop of its own in a worker thread of this process, so proxying does not queue behind
 * the services' work on one core; `main` keeps it on the main thread with them (one event loop, a little
 * less memory). A process hosting the gateway alone always runs it on the main thread.
 */
function threadOf(value: string | undefined): 'worker' | 'main' {
  if (value === undefined || value === '' || value === 'worker') return 'worker';
  if (value === 'main') return 'main';
  throw new ConfigError([`GATEWAY_THREAD: expected worker or main, got ${JSON.stringify(value)}`]);
}

/** `card-ledger` → `CARD_LEDGER_URL`: where the gateway reaches a service (its configuration). */
const urlVariable = (name: string) => `${name.toUpperCase().replace(/-/g, '_')}_URL`;

/**
 * One module alone gets the environment as it is (exactly what its own process got before). Several share
 * the process's environment except the listeners: PORT is the gateway's; each service listens on the port
 * of its URL as the gateway sees it (IDENTITY_URL …, so both always agree) or else its default port
 * (8081…8086, where the gateway's default URLs point); services fetch identity's keys where IDENTITY_URL
 * says unless AUTH_JWKS_URL is set; and METRICS_PORT, when set, is the base: module i of the order above gets
 * METRICS_PORT + i (identity +0 … gateway +6, whichever are selected), so no two share one.
 */
function envOf(name: string): NodeJS.ProcessEnv {
  if (names.length === 1) return process.env;
  const env = { ...process.env };
  if (name !== 'gateway') {
    delete env.PORT;
    const url = process.env[urlVariable(name)];
    if (url && URL.canParse(url) && new URL(url).port) env.PORT = new URL(url).port;
    if (!env.AUTH_JWKS_URL && process.env.IDENTITY_URL && URL.canParse(process.env.IDENTITY_URL))
      env.AUTH_JWKS_URL = new URL('/.well-known/jwks.json', process.env.IDENTITY_URL).href;
  }
  if (process.env.METRICS_PORT !== undefined && process.env.METRICS_PORT !== '') {
    const base = Number(process.env.METRICS_PORT);
    // 0 (any free port) stays 0 for every module
    if (Number.isInteger(base) && base > 0) env.METRICS_PORT = String(base + order.indexOf(name));
  }
  return env;
}

const processName = names.length === 1 ? names[0]! : 'punkto';

/**
 * The gateway in a worker thread: its worker is spawned first, so that it loads the gateway's chunk
 * (`gateway-thread.js` in the bundle, `gateway-thread.ts` from the sources under tsx) while this thread loads
 * the services' modules — it was the last to be ready when it started loading only after them (issue 19). It
 * starts nothing until the host, having validated every module on this thread, starts it. A worker that dies
 * on its own ends the process with exit code 1, as a crash on the main thread does.
 */
const fromSources = import.meta.url.endsWith('.ts');
const threadOptions: ThreadOptions = {
  entry: new URL(fromSources ? './gateway-thread.ts' : './gateway-thread.js', import.meta.url),
  processName,
};
const gatewayInThread = names.includes('gateway') && names.length > 1 && gatewayThread === 'worker';
const gatewayThreadSpawned = gatewayInThread
  ? spawnThread('gateway', envOf('gateway'), threadOptions)
  : undefined;

await hostModules({
  processName,
  modules: await Promise.all(
    names.map(async (name) => {
      const module = await modules[name]!();
      const thread = name === 'gateway' ? gatewayThreadSpawned : undefined;
      return {
        module: thread ? inWorkerThread(module, { ...threadOptions, thread }) : module,
        env: envOf(name),
      };
    }),
  ),
});
