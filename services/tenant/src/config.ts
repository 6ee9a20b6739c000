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
  /**
   * unknown short enrolment codes one device (the `punkto_device` cookie) may try per window before every lookup
   * from it answers 429 until the window ends (ADR 0014: codes cannot be enumerated cheaply)
   */
  ENROLMENT_LINK_MISSES_PER_DEVICE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * unknown codes one client IP may try per window (all its devices together); once spent, only codes already
   * resolved from that IP in the last day answer, others 429 — so one person on a shared Wi-Fi cannot lock the
   * others out (ADR 0014, amendment of issue 36)
   */
  ENROLMENT_LINK_MISSES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(150),
  ENROLMENT_LINK_MISS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * where a company's NIP is checked (ADR 0035): `offline` (the default; the checksum only, nothing leaves the
   * machine) or `mf`, the Ministry of Finance's VAT-payer list at VAT_REGISTRY_URL (no key; unreachable or
   * failing = the NIP is accepted unverified and logged)
   */
  /**
   * the customer limit of a company billing has not published an entitlement for yet (the trial's: 500), the same
   * default as the card ledger's; every enrolment takes a seat under the limit first (ADR 0051)
   */
  DEFAULT_PLAN_CUSTOMER_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(500),
  VAT_REGISTRY: z.enum(['offline', 'mf']).default('offline'),
  VAT_REGISTRY_URL: z
    .url()
    .default('https://wl-api.mf.gov.pl')
    .transform((v) => v.replace(/\/+$/, '')),
});
export type TenantConfig = z.infer<typeof TenantEnv>;

export const loadTenantConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(TenantEnv, env);
