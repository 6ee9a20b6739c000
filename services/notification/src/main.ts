import { hostModules } from '@punkto/platform/runtime/host';
import { notificationModule } from './module';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts); this
// process hosts the notification service alone (server/main.ts hosts any set of modules in one process, ADR 0028)
await hostModules({
  processName: 'notification',
  modules: [{ module: notificationModule, env: process.env }],
});
