import { createLogger } from '@punkto/platform/observability/logger';
import { initTracing } from '@punkto/platform/observability/tracing';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { runService } from '@punkto/platform/runtime/run-service';
import { remoteJwks } from '@punkto/platform/runtime/service-server';
import { buildApp, relayRoutes } from './app';
import { loadTenantConfig } from './config';

// composition root: the only place that builds concrete adapters
const config = loadTenantConfig();
initTracing('tenant', config.TRACING_EXPORTER);
const logger = createLogger('tenant', config.LOG_LEVEL);
const infra = await openInfrastructure('tenant', config, logger);
const app = await buildApp({ config, logger, infra, jwks: remoteJwks(config.AUTH_JWKS_URL) });
await runService({ name: 'tenant', app, infra, logger, host: config.HOST, port: config.PORT, relayRoutes });
