import type { HostedModule, MountedModule } from '@punkto/platform/runtime/host';
import type { RunningService } from '@punkto/platform/runtime/run-service';
import { createLogger } from '@punkto/platform/observability/logger';
import { createMetrics } from '@punkto/platform/observability/metrics';
import { startMetricsServer } from '@punkto/platform/observability/metrics-server';
import { buildGateway } from './app';
import { loadGatewayConfig, type GatewayConfig } from './config';
import { MaintenanceSwitch } from './maintenance';

/**
 * The gateway as a module a process hosts (its own `main.ts`, or with services in one process: ADR 0028,
 * 0036). Alone (`start`) it proxies every service over HTTP to the URLs of its configuration; with services
 * in the process (`host`) those are mounted on its server and only the others are proxied.
 */
export const gatewayModule: HostedModule = {
  name: 'gateway',
  configure: (env) => {
    const config = loadGatewayConfig(env);
    return {
      settings: config,
      start: () => startGateway(config, []),
      host: (mounted) => startGateway(config, mounted),
    };
  },
};

async function startGateway(config: GatewayConfig, mounted: MountedModule[]): Promise<RunningService> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const maintenance = new MaintenanceSwitch(config.MAINTENANCE_MODE, config.MAINTENANCE_FLAG_FILE);
  await maintenance.start();
  const metrics = createMetrics('gateway');
  const app = await buildGateway({ config, logger, maintenance, metrics, mounted });
  await app.listen({ host: config.HOST, port: config.PORT });
  // its own listener, off unless METRICS_PORT is set and on loopback unless METRICS_HOST says otherwise (ADR 0019)
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer(metrics, { host: config.METRICS_HOST, port: config.METRICS_PORT });
  return {
    name: 'gateway',
    stop: async () => {
      maintenance.stop();
      // closes the mounted services' scopes too (their onClose hooks); the host then stops their work
      await app.close();
      await metricsServer?.close();
    },
  };
}
