import { serviceModule } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes } from './app';
import { loadSurveyConfig } from './config';

/** The survey service as a module a process hosts (its own `main.ts`, or several in one process: ADR 0028). */
export const surveyModule = serviceModule({
  name: 'survey',
  loadConfig: loadSurveyConfig,
  buildService,
  relayRoutes,
});
