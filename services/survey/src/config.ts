import { defaultPorts } from '@punkto/contracts/routing';
import { envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const SurveyEnv = z.object({ ...platformEnv, PORT: envPort(defaultPorts['survey']) });
export type SurveyConfig = z.infer<typeof SurveyEnv>;

export const loadSurveyConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(SurveyEnv, env);
