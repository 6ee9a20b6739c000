import { defaultPorts } from '@punkto/contracts/routing';
import { envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const TenantEnv = z.object({ ...platformEnv, PORT: envPort(defaultPorts['tenant']) });
export type TenantConfig = z.infer<typeof TenantEnv>;

export const loadTenantConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(TenantEnv, env);
