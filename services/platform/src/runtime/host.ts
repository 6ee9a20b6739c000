import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { ConfigError } from '../config/config';
import type { ReadinessCheck } from '../http/server';
import { flushErrorReporting, initErrorReporting } from '../observability/error-reporting';
import { createLogger, type Logger } from '../observability/logger';
import { initTracing, shutdownTracing, type TracingExporter } from '../observability/tracing';
import type { RunningService } from './run-service';
import { onShutdown } from './shutdown';

/** What a hosted module's validated environment says about the process it runs in. */
export interface ProcessSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  TRACING_EXPORTER: TracingExporter;
  TRACING_SAMPLE_RATIO: number;
  ERROR_REPORTING_DSN?: string | undefined;
  ERROR_REPORTING_ENVIRONMENT?: string | undefined;
}

/** A module validated against its environment, ready to start. */
export interface ConfiguredModule {
  settings: ProcessSettings;
  /** starts the module on its own listener (alone, or beside modules that do not host it) */
  start(): Promise<RunningService>;
  /**
   * A service: starts everything but a listener (relay, consumers, jobs, metrics) and hands back its routes
   * for the module that hosts it in this process (ADR 0036).
   */
  mount?(context: MountContext): Promise<MountedModule>;
  /** The gateway: starts its server with the modules mounted on it (the others it reaches over HTTP). */
  host?(mounted: MountedModule[]): Promise<RunningService>;
}

/** What the host gives a module it mounts. */
export interface MountContext {
  /**
   * the keys of the module that issues access tokens, when it is mounted in this process too (identity):
   * verified in-process instead of fetching its JWKS from a port that does not listen
   */
  verificationKeys?: JWTVerifyGetKey;
}

/** A service running without a listener, its routes to be registered on its host's server. */
export interface MountedModule extends RunningService {
  /** registers the service in an encapsulated scope of the hosting server (runtime/mount.ts) */
  plugin: (scope: FastifyInstance) => Promise<void>;
  /** its `/readyz` checks, which the host asks directly (`/readyz/upstreams`, the status page) */
  readiness: Record<string, ReadinessCheck>;
  /** the keys it verifies access tokens with when it issues them (identity) */
  verificationKeys?: JWTVerifyGetKey;
}

/**
 * One unit a process can host (ADR 0028): a service or the gateway. `configure` validates the module's own
 * environment (throws ConfigError listing every problem) and starts nothing; `start` opens its stores and
 * listeners. Modules of one process share nothing but the process: each keeps its own configuration, data
 * directory, stores, logger name and metrics registry, and services still talk only through the bus.
 */
export interface HostedModule {
  name: string;
  configure(env: NodeJS.ProcessEnv): ConfiguredModule;
  /** it issues the access tokens (identity): mounted, its keys go to the modules mounted beside it */
  issuesAccessTokens?: boolean;
}

export interface HostOptions {
  /** the process's name in traces and error reports: the module's own when it hosts one */
  processName: string;
  modules: Array<{ module: HostedModule; env: NodeJS.ProcessEnv }>;
}

/**
 * Runs modules in this process until SIGINT/SIGTERM:
 * 1. validates every module's environment first and, if any is bad, prints every problem and exits 1
 *    before anything has started;
 * 2. starts tracing and error reporting once for the process, then the modules (together); if one fails to
 *    start, those that did are stopped and the process exits 1 (never half running);
 * 3. on a signal stops them in reverse order (the gateway, listed last, stops taking requests first), flushes
 *    traces and error reports, and exits. A crash (an uncaught exception) ends the whole process as Node
 *    does by default; the launcher or orchestrator restarts it, and SQLite's WAL keeps what was acknowledged.
 */
export async function hostModules(options: HostOptions): Promise<RunningService[]> {
  const configured: Configured[] = [];
  const problems: string[] = [];
  for (const { module, env } of options.modules) {
    try {
      configured.push({
        name: module.name,
        configured: module.configure(env),
        issuesAccessTokens: module.issuesAccessTokens ?? false,
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(`${module.name}: ${error.message}`);
    }
  }
  if (problems.length || configured.length === 0) {
    process.stderr.write(`${problems.join('\n') || `${options.processName}: no module to run`}\n`);
    process.exit(1);
  }
  const first = configured[0]!.configured.settings;
  initTracing(options.processName, first.TRACING_EXPORTER, { sampleRatio: first.TRACING_SAMPLE_RATIO });
  await initErrorReporting(options.processName, first);
  const logger: Logger =
    configured.length === 1
      ? createLogger(configured[0]!.name, first.LOG_LEVEL)
      : createLogger(options.processName, first.LOG_LEVEL);

  const running: RunningService[] = [];
  const stopAll = async () => {
    for (const module of [...running].reverse()) {
      try {
        await module.stop();
        logger.info({ module: module.name }, 'module stopped');
      } catch (error) {
        logger.error({ err: error, module: module.name }, 'module failed to stop cleanly');
      }
    }
    running.length = 0;
    // last, so the spans and the error reports of the work stopped above are sent too
    await flushErrorReporting();
    await shutdownTracing();
  };
  // started together (each opens its own stores; none waits for another but the host of mounted ones: the
  // gateway answers 502 for a proxied service still starting, and its /readyz/upstreams says when all are
  // up); stopped in reverse list order
  const started = await Promise.allSettled(startAll(configured));
  for (const result of started) if (result.status === 'fulfilled') running.push(result.value);
  const failed = started.flatMap((result, i) =>
    result.status === 'rejected' ? [{ name: configured[i]!.name, error: result.reason as unknown }] : [],
  );
  if (failed.length) {
    for (const { name, error } of failed) {
      if (error instanceof ConfigError) process.stderr.write(`${name}: ${error.message}\n`);
      else logger.error({ err: error, module: name }, 'module failed to start');
    }
    await stopAll().catch(() => {});
    process.exit(1);
  }
  if (configured.length > 1) {
    const mounted = running.filter((m) => 'plugin' in m).map((m) => m.name);
    logger.info({ modules: running.map((m) => m.name), mounted }, `${options.processName} ready`);
  }
  onShutdown(logger, stopAll, 10_000 + 2_000 * running.length);
  // only now, with every module serving: what they can serve without (development keys, …)
  for (const module of running) module.warmUp?.();
  return running;
}

type Configured = { name: string; configured: ConfiguredModule; issuesAccessTokens: boolean };

/**
 * Starts every module: with a module that hosts others (the gateway) in the process, every module that can
 * be mounted is started without a listener and handed to it, and the issuer's keys (identity's, when it is
 * mounted too) reach the other mounted modules in-process; the rest start on their own listeners.
 */
function startAll(configured: Configured[]): Array<Promise<RunningService>> {
  const hosting = configured.find((entry) => entry.configured.host);
  if (!hosting) return configured.map((entry) => entry.configured.start());
  const mountable = configured.filter((entry) => entry !== hosting && entry.configured.mount);
  const issuer = mountable.find((entry) => entry.issuesAccessTokens);
  let issuerKeys: (keys: JWTVerifyGetKey) => void = () => {};
  const keys = new Promise<JWTVerifyGetKey>((resolve) => (issuerKeys = resolve));
  const context: MountContext = issuer
    ? { verificationKeys: async (header, token) => (await keys)(header, token) }
    : {};
  const mounts = new Map(
    mountable.map((entry) => {
      const mounted = entry.configured.mount!(context).then((module) => {
        if (entry === issuer && module.verificationKeys) issuerKeys(module.verificationKeys);
        return module;
      });
      return [entry, mounted] as const;
    }),
  );
  const hosted = Promise.allSettled(mounts.values()).then((results) => {
    const ok = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (ok.length < results.length) throw new Error('not started: a module it hosts failed to start');
    return hosting.configured.host!(ok);
  });
  return configured.map((entry) =>
    entry === hosting ? hosted : (mounts.get(entry) ?? entry.configured.start()),
  );
}

/** The module names of `SERVICES` / `APP` (comma-separated; `all` = every module, in `order`). */
export function selectModules(value: string, order: readonly string[]): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('all')) return [...order];
  const unknown = names.filter((name) => !order.includes(name));
  if (unknown.length)
    throw new ConfigError([`SERVICES: unknown ${unknown.join(', ')} (known: all, ${order.join(', ')})`]);
  if (names.length === 0) throw new ConfigError(['SERVICES: empty (e.g. all, or identity,tenant)']);
  return order.filter((name) => names.includes(name)); // start order is fixed: services first, gateway last
}
