import { ConfigError } from '@punkto/platform/config/config';
import { createLogger } from '@punkto/platform/observability/logger';
import { createMetrics } from '@punkto/platform/observability/metrics';
import { startMetricsServer } from '@punkto/platform/observability/metrics-server';
import { flushErrorReporting, initErrorReporting } from '@punkto/platform/observability/error-reporting';
import { initTracing, shutdownTracing } from '@punkto/platform/observability/tracing';
import { onShutdown } from '@punkto/platform/runtime/shutdown';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';
import { MaintenanceSwitch } from './maintenance';

const config = (() => {
  try {
    return loadGatewayConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`gateway: ${error.message}\n`);
    process.exit(1);
  }
})();
initTracing('gateway', config.TRACING_EXPORTER, { sampleRatio: config.TRACING_SAMPLE_RATIO });
await initErrorReporting('gateway', config);
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

onShutdown(logger, async () => {
  maintenance.stop();
  await app.close();
  await metricsServer?.close();
  await flushErrorReporting();
  await shutdownTracing();
});
