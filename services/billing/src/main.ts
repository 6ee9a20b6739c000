import { createLogger } from '@punkto/platform/observability/logger';
import { initTracing } from '@punkto/platform/observability/tracing';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { runService } from '@punkto/platform/runtime/run-service';
import { remoteJwks } from '@punkto/platform/runtime/service-server';
import { buildApp, relayRoutes } from './app';
import { loadBillingConfig } from './config';

// composition root: the only place that builds concrete adapters
const config = loadBillingConfig();
initTracing('billing', config.TRACING_EXPORTER);
const logger = createLogger('billing', config.LOG_LEVEL);
const infra = await openInfrastructure('billing', config, logger);
const app = await buildApp({ config, logger, infra, jwks: remoteJwks(config.AUTH_JWKS_URL) });
await runService({ name: 'billing', app, infra, logger, host: config.HOST, port: config.PORT, relayRoutes });
