import type { HostedModule } from '@punkto/platform/runtime/host';
import { createLogger } from '@punkto/platform/observability/logger';
import { createMetrics } from '@punkto/platform/observability/metrics';
import { startMetricsServer } from '@punkto/platform/observability/metrics-server';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';
import { MaintenanceSwitch } from './maintenance';

/**
 * The gateway as a module a process hosts (its own `main.ts`, or with the services in one process: ADR 0028).
 * It reaches the services over HTTP in both cases (the URLs of its configuration), so its security
 * behaviour does not depend on the run mode.
 */
export const gatewayModule: HostedModule = {
  name: 'gateway',
  configure: (env) => {
    const config = loadGatewayConfig(env);
    return {
      settings: config,
      start: async () => {
        const logger = createLogger('gateway', config.LOG_LEVEL);
        const maintenance = new MaintenanceSwitch(config.MAINTENANCE_MODE, config.MAINTENANCE_FLAG_FILE);
        await maintenance.start();
        const metrics = createMetrics('gateway');
        const app = await buildGateway({ config, logger, maintenance, metrics });
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
            await app.close();
            await metricsServer?.close();
          },
        };
      },
    };
  },
};
