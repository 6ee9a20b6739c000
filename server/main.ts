// The one entry point of every Node process of Punkto (ADR 0028), like Loki's `-target`: SERVICES (else APP,
// else `all`) selects the modules this process hosts — `all` is the gateway and the six services in one
// process (`npm start`), `identity` one service per container/pod, `identity,tenant` any subset. The modules
// stay separate: each has its own configuration, data directory, stores, logger name and metrics registry,
// and services talk only through the bus. With the gateway in the process, the services beside it are
// mounted on its one server (ADR 0036: no listener of their own, no loopback hop); the gateway proxies the
// others to their URLs, as in the distributed mode.
import { ConfigError } from '@punkto/platform/config/config';
import { hostModules, selectModules, type HostedModule } from '@punkto/platform/runtime/host';

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
try {
  names = selectModules(process.env.SERVICES ?? process.env.APP ?? 'all', order);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`punkto: ${error.message}\n`);
  process.exit(1);
}

/** `card-ledger` → `CARD_LEDGER_URL`: where the gateway reaches a service (its configuration). */
const urlVariable = (name: string) => `${name.toUpperCase().replace(/-/g, '_')}_URL`;

/**
 * One module alone gets the environment as it is (exactly what its own process got before). Several share
 * the process's environment except the listeners: PORT is the gateway's; without the gateway in the process
 * each service listens on the port of its URL (IDENTITY_URL …, so a gateway elsewhere agrees) or else its
 * default port (8081…8086); services mounted on the gateway listen on nothing. Services verify tokens with
 * identity's keys in-process when identity is mounted beside them, else fetch them where IDENTITY_URL says
 * unless AUTH_JWKS_URL is set; and METRICS_PORT, when set, is the base: module i of the order above gets
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

await hostModules({
  processName,
  modules: await Promise.all(
    names.map(async (name) => ({ module: await modules[name]!(), env: envOf(name) })),
  ),
});
