import { defaultPorts } from '@punkto/contracts/routing';
import { envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const BillingEnv = z.object({ ...platformEnv, PORT: envPort(defaultPorts['billing']) });
export type BillingConfig = z.infer<typeof BillingEnv>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(BillingEnv, env);
