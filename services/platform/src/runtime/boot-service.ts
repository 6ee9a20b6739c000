import type { PlatformConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { createMetrics } from '../observability/metrics';
import type { RelayRoute } from '../relay/event-relay';
import { accessRevocations } from '../http/access-revocations';
import type { JWTVerifyGetKey } from 'jose';
import { hostModules, type HostedModule, type MountContext, type MountedModule } from './host';
import { openInfrastructure, readinessOf } from './infrastructure';
import { mountedPlugin } from './mount';
import { runService, type RunningService } from './run-service';
import {
  remoteJwks,
  standaloneServer,
  systemClock,
  type BuiltService,
  type ServiceDeps,
} from './service-server';

type ServiceConfig = PlatformConfig & { PORT: number };

/** A service as a module: its name, its configuration, how it is built and what its relay publishes. */
export interface BootOptions<C extends ServiceConfig> {
  name: string;
  loadConfig: (env?: NodeJS.ProcessEnv) => C;
  /** builds the service's application object once and hands it to its routes, consumers and jobs */
  buildService: (deps: ServiceDeps<C>) => Promise<BuiltService>;
  relayRoutes: RelayRoute[];
  /** it issues the access tokens (identity): mounted, the services beside it verify with its keys */
  issuesAccessTokens?: boolean;
}

/**
 * A service as a hosted module (ADR 0028, 0036): validate its environment, then on start create its logger
 * and metrics (named after it), open the adapters the configuration selects under its own data directory,
 * build the service once (one clock), and run its relay, consumers and jobs — with its routes on a server
 * of its own (`start`), or handed to the module that hosts it in this process (`mount`).
 */
export function serviceModule<C extends ServiceConfig>(options: BootOptions<C>): HostedModule {
  return {
    name: options.name,
    ...(options.issuesAccessTokens && { issuesAccessTokens: true }),
    configure: (env) => {
      const config = options.loadConfig(env);
      return {
        settings: config,
        start: () => startService(options, config),
        mount: (context) => mountService(options, config, context),
      };
    },
  };
}

type Prepared<C> = { deps: ServiceDeps<C>; service: BuiltService };

/** Opens the service's adapters and builds it; `run` starts it over them, and they close if it cannot. */
async function withService<C extends ServiceConfig, R>(
  options: BootOptions<C>,
  config: C,
  jwks: JWTVerifyGetKey,
  run: (prepared: Prepared<C>) => Promise<R>,
): Promise<R> {
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const metrics = createMetrics(options.name);
  const infra = await openInfrastructure(options.name, config, logger, metrics);
  try {
    // every service stops accepting revoked sessions' tokens within seconds (ADR 0010)
    const clock = systemClock; // the process's one clock
    const revocations = await accessRevocations(infra.documents, { clock });
    const deps: ServiceDeps<C> = { config, logger, infra, jwks, revocations, clock, metrics };
    // what only building can check (certificate files, keys) throws ConfigError, reported like a bad environment
    const service: BuiltService = await options.buildService(deps);
    return await run({ deps, service });
  } catch (error) {
    await infra.close().catch(() => {});
    throw error;
  }
}

/** Everything of a running service but its HTTP: relay, consumers (with the revocations'), jobs, metrics. */
function runWithout<C extends ServiceConfig>(options: BootOptions<C>, { deps, service }: Prepared<C>) {
  const { config, infra, logger, metrics } = deps;
  return {
    name: options.name,
    infra,
    logger,
    host: config.HOST,
    port: config.PORT,
    relayRoutes: options.relayRoutes,
    relayEventStore: service.relayEventStore,
    consumers: [
      ...(service.consumers ?? []),
      deps.revocations!.consumer(options.name, logger.child({ component: 'access-revocations' })),
    ],
    jobs: service.jobs,
    ...(service.warmUp && { warmUp: service.warmUp }),
    metrics,
    metricsListener:
      config.METRICS_PORT === undefined
        ? undefined
        : { host: config.METRICS_HOST, port: config.METRICS_PORT },
  };
}

function startService<C extends ServiceConfig>(options: BootOptions<C>, config: C): Promise<RunningService> {
  return withService(options, config, remoteJwks(config.AUTH_JWKS_URL), async (prepared) =>
    runService({
      ...runWithout(options, prepared),
      app: await standaloneServer(options.name, prepared.deps, prepared.service),
    }),
  );
}

function mountService<C extends ServiceConfig>(
  options: BootOptions<C>,
  config: C,
  context: MountContext,
): Promise<MountedModule> {
  const jwks = context.verificationKeys ?? remoteJwks(config.AUTH_JWKS_URL);
  return withService(options, config, jwks, async (prepared) => {
    const running = await runService(runWithout(options, prepared));
    return {
      ...running,
      plugin: mountedPlugin(prepared.deps, prepared.service),
      readiness: readinessOf(prepared.deps.infra),
      ...(prepared.service.verificationKeys && { verificationKeys: prepared.service.verificationKeys }),
    };
  });
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
