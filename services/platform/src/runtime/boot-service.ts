import type { PlatformConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { createMetrics } from '../observability/metrics';
import type { RelayRoute } from '../relay/event-relay';
import { accessRevocations } from '../http/access-revocations';
import { hostModules, type HostedModule } from './host';
import { openInfrastructure } from './infrastructure';
import { runService } from './run-service';
import { remoteJwks, systemClock, type BuiltService, type ServiceDeps } from './service-server';

type ServiceConfig = PlatformConfig & { PORT: number };

/** A service as a module: its name, its configuration, how it is built and what its relay publishes. */
export interface BootOptions<C extends ServiceConfig> {
  name: string;
  loadConfig: (env?: NodeJS.ProcessEnv) => C;
  /** builds the service's application object once and hands it to its routes, consumers and jobs */
  buildService: (deps: ServiceDeps<C>) => Promise<BuiltService>;
  relayRoutes: RelayRoute[];
}

/**
 * A service as a hosted module (ADR 0028): validate its environment, then on start create its logger and
 * metrics (named after it), open the adapters the configuration selects under its own data directory,
 * build the service once (one clock), and run its app, relay, consumers and jobs.
 */
export function serviceModule<C extends ServiceConfig>(options: BootOptions<C>): HostedModule {
  return {
    name: options.name,
    configure: (env) => {
      const config = options.loadConfig(env);
      return { settings: config, start: () => startService(options, config) };
    },
  };
}

async function startService<C extends ServiceConfig>(options: BootOptions<C>, config: C) {
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const metrics = createMetrics(options.name);
  const infra = await openInfrastructure(options.name, config, logger, metrics);
  try {
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
    // what only building can check (certificate files, keys) throws ConfigError, reported like a bad environment
    const service: BuiltService = await options.buildService(deps);
    return await runService({
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
      ...(service.warmUp && { warmUp: service.warmUp }),
      metrics,
      metricsListener:
        config.METRICS_PORT === undefined
          ? undefined
          : { host: config.METRICS_HOST, port: config.METRICS_PORT },
    });
  } catch (error) {
    await infra.close().catch(() => {});
    throw error;
  }
}

/**
 * What a service's own `main.ts` does: host that one service in this process, with the environment as it
 * is (a bad one prints every problem and exits 1), until SIGINT/SIGTERM. The one-process entry
 * (`server/main.ts`) hosts several the same way.
 */
export async function bootService<C extends ServiceConfig>(options: BootOptions<C>): Promise<void> {
  await hostModules({
    processName: options.name,
    modules: [{ module: serviceModule(options), env: process.env }],
  });
}
