import { serviceModule } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadTenantConfig } from './config';

/** The tenant service as a module a process hosts (its own `main.ts`, or several in one process: ADR 0028). */
export const tenantModule = serviceModule({
  name: 'tenant',
  loadConfig: loadTenantConfig,
  buildService,
  relayRoutes,
});
