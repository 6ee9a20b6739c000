import type { FastifyInstance } from 'fastify';
import { ConfigError, type PlatformConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { initTracing } from '../observability/tracing';
import type { EventStore } from '../event-store/event-store.port';
import type { RelayRoute } from '../relay/event-relay';
import type { JobHandler } from '../scheduler/scheduler.port';
import { accessRevocations } from '../http/access-revocations';
import { openInfrastructure } from './infrastructure';
import { runService, type ConsumerSpec } from './run-service';
import { remoteJwks, type ServiceDeps } from './service-server';

type ServiceConfig = PlatformConfig & { PORT: number };

export interface BootOptions<C extends ServiceConfig> {
  name: string;
  loadConfig: () => C;
  buildApp: (deps: ServiceDeps<C>) => Promise<FastifyInstance>;
  relayRoutes: RelayRoute[];
  /** the view of the event store the relay publishes from (default: the store itself; see ADR 0006) */
  relayEventStore?: (deps: ServiceDeps<C>) => EventStore;
  consumers?: (deps: ServiceDeps<C>) => ConsumerSpec[];
  jobs?: (deps: ServiceDeps<C>) => Record<string, JobHandler>;
}

/**
 * What every service's `main.ts` does: validate the environment (a bad one prints every problem and exits 1),
 * start tracing and logging, open the adapters the configuration selects, build the app, and run it with its
 * relay, consumers and jobs until SIGINT/SIGTERM.
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
  initTracing(options.name, config.TRACING_EXPORTER);
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const infra = await openInfrastructure(options.name, config, logger);
  // every service stops accepting revoked sessions' tokens within seconds (ADR 0010)
  const revocations = await accessRevocations(infra.documents);
  const deps: ServiceDeps<C> = {
    config,
    logger,
    infra,
    jwks: remoteJwks(config.AUTH_JWKS_URL),
    revocations,
  };
  const app = await options.buildApp(deps);
  await runService({
    name: options.name,
    app,
    infra,
    logger,
    host: config.HOST,
    port: config.PORT,
    relayRoutes: options.relayRoutes,
    relayEventStore: options.relayEventStore?.(deps),
    consumers: [
      ...(options.consumers?.(deps) ?? []),
      revocations.consumer(options.name, logger.child({ component: 'access-revocations' })),
    ],
    jobs: options.jobs?.(deps),
  });
}
