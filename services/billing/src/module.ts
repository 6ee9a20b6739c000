import { serviceModule } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadBillingConfig } from './config';

/** The billing service as a module a process hosts (its own `main.ts`, or several in one process: ADR 0028). */
export const billingModule = serviceModule({
  name: 'billing',
  loadConfig: loadBillingConfig,
  buildService,
  relayRoutes,
});
