import { bootService } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadNotificationConfig } from './config';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts)
await bootService({ name: 'notification', loadConfig: loadNotificationConfig, buildService, relayRoutes });
