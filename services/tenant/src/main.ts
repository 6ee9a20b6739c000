import { hostModules } from '@punkto/platform/runtime/host';
import { tenantModule } from './module';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts); this
// process hosts the tenant service alone (server/main.ts hosts any set of modules in one process, ADR 0028)
await hostModules({ processName: 'tenant', modules: [{ module: tenantModule, env: process.env }] });
