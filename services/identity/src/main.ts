import { bootService } from '@punkto/platform/runtime/boot-service';
import { buildApp, relayRoutes } from './app';
import { loadIdentityConfig } from './config';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts)
await bootService({ name: 'identity', loadConfig: loadIdentityConfig, buildApp, relayRoutes });
