import { ConfigError } from '@punkto/platform/config/config';
import { createLogger } from '@punkto/platform/observability/logger';
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
initTracing('gateway', config.TRACING_EXPORTER);
const logger = createLogger('gateway', config.LOG_LEVEL);
const maintenance = new MaintenanceSwitch(config.MAINTENANCE_MODE, config.MAINTENANCE_FLAG_FILE);
await maintenance.start();
const app = await buildGateway({ config, logger, maintenance });
await app.listen({ host: config.HOST, port: config.PORT });

onShutdown(logger, async () => {
  maintenance.stop();
  await app.close();
  await shutdownTracing();
});
