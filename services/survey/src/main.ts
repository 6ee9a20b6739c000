import { hostModules } from '@punkto/platform/runtime/host';
import { surveyModule } from './module';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts); this
// process hosts the survey service alone (server/main.ts hosts any set of modules in one process, ADR 0028)
await hostModules({ processName: 'survey', modules: [{ module: surveyModule, env: process.env }] });
