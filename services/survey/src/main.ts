import { bootService } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadSurveyConfig } from './config';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts)
await bootService({ name: 'survey', loadConfig: loadSurveyConfig, buildService, relayRoutes });
