import { ConfigError, type PlatformConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { createMetrics } from '../observability/metrics';
import { initErrorReporting } from '../observability/error-reporting';
import { initTracing } from '../observability/tracing';
import type { RelayRoute } from '../relay/event-relay';
import { accessRevocations } from '../http/access-revocations';
import { openInfrastructure } from './infrastructure';
import { runService } from './run-service';
import { remoteJwks, systemClock, type BuiltService, type ServiceDeps } from './service-server';

type ServiceConfig = PlatformConfig & { PORT: number };

export interface BootOptions<C extends ServiceConfig> {
  name: string;
  loadConfig: () => C;
  /** builds the service's application object once and hands it to its routes, consumers and jobs */
  buildService: (deps: ServiceDeps<C>) => Promise<BuiltService>;
  relayRoutes: RelayRoute[];
}

/**
 * What every service's `main.ts` does: validate the environment (a bad one prints every problem and exits 1),
 * start tracing, logging and metrics, open the adapters the configuration selects, build the service once (one clock),
 * and run its app, relay, consumers and jobs until SIGINT/SIGTERM.
 */
export async function bootService<C extends ServiceConfig>(options: BootOptions<C>): Promise<void> {
  let config: C;
  try {
    config = options.loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${options.name}: ${error.message}\n`);
    process.exit(1);
  }
  initTracing(options.name, config.TRACING_EXPORTER, { sampleRatio: config.TRACING_SAMPLE_RATIO });
  await initErrorReporting(options.name, config);
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const metrics = createMetrics(options.name);
  const infra = await openInfrastructure(options.name, config, logger, metrics);
  // every service stops accepting revoked sessions' tokens within seconds (ADR 0010)
  const clock = systemClock; // the process's one clock
  const revocations = await accessRevocations(infra.documents, { clock });
  const deps: ServiceDeps<C> = {
    config,
    logger,
    infra,
    jwks: remoteJwks(config.AUTH_JWKS_URL),
    revocations,
    clock,
    metrics,
  };
  let service: BuiltService;
  try {
    service = await options.buildService(deps);
  } catch (error) {
    // what only building can check (certificate files, keys) is reported like a bad environment
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${options.name}: ${error.message}\n`);
    process.exit(1);
  }
  await runService({
    name: options.name,
    app: service.app,
    infra,
    logger,
    host: config.HOST,
    port: config.PORT,
    relayRoutes: options.relayRoutes,
    relayEventStore: service.relayEventStore,
    consumers: [
      ...(service.consumers ?? []),
      revocations.consumer(options.name, logger.child({ component: 'access-revocations' })),
    ],
    jobs: service.jobs,
    metrics,
    metricsListener:
      config.METRICS_PORT === undefined
        ? undefined
        : { host: config.METRICS_HOST, port: config.METRICS_PORT },
  });
}
