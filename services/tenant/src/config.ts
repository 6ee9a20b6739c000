import { defaultPorts } from '@punkto/contracts/routing';
import { envOriginList, envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

export const TenantEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['tenant']),
  /** trusted origins for the CSRF check besides the request's own, comma separated */
  CSRF_ALLOWED_ORIGINS: envOriginList,
  /**
   * the product's public base URL (the gateway): enrolment links and QR codes on posters, and the public
   * image URLs wallets fetch are built from it
   */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((v) => v.replace(/\/+$/, '')),
});
export type TenantConfig = z.infer<typeof TenantEnv>;

export const loadTenantConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(TenantEnv, env);
