import { hostModules } from '@punkto/platform/runtime/host';
import { gatewayModule } from './module';

// this process hosts the gateway alone (server/main.ts hosts any set of modules in one process, ADR 0028)
await hostModules({ processName: 'gateway', modules: [{ module: gatewayModule, env: process.env }] });
