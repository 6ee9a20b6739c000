import { defaultPorts } from '@punkto/contracts/routing';
import { envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const CardLedgerEnv = z.object({ ...platformEnv, PORT: envPort(defaultPorts['card-ledger']) });
export type CardLedgerConfig = z.infer<typeof CardLedgerEnv>;

export const loadCardLedgerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(CardLedgerEnv, env);
