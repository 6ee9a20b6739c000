import { serviceModule } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadNotificationConfig } from './config';

/** The notification service as a module a process hosts (its own `main.ts`, or several in one process: ADR 0028). */
export const notificationModule = serviceModule({
  name: 'notification',
  loadConfig: loadNotificationConfig,
  buildService,
  relayRoutes,
});
