import { defaultPorts } from '@punkto/contracts/routing';
import { envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const IdentityEnv = z.object({ ...platformEnv, PORT: envPort(defaultPorts['identity']) });
export type IdentityConfig = z.infer<typeof IdentityEnv>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(IdentityEnv, env);
