import { defaultPorts } from '@punkto/contracts/routing';
import {
  envBoolean,
  envDevConvenience,
  envPort,
  loadConfig,
  platformEnv,
} from '@punkto/platform/config/config';
import { z } from 'zod';

const serviceUrl = (service: keyof typeof defaultPorts) =>
  z.url().default(`http://127.0.0.1:${defaultPorts[service]}`);

export const GatewayEnv = z.object({
  NODE_ENV: platformEnv.NODE_ENV,
  LOG_LEVEL: platformEnv.LOG_LEVEL,
  TRACING_EXPORTER: platformEnv.TRACING_EXPORTER,
  TRACING_SAMPLE_RATIO: platformEnv.TRACING_SAMPLE_RATIO,
  OTEL_EXPORTER_OTLP_ENDPOINT: platformEnv.OTEL_EXPORTER_OTLP_ENDPOINT,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: platformEnv.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
  METRICS_PORT: platformEnv.METRICS_PORT,
  METRICS_HOST: platformEnv.METRICS_HOST,
  ERROR_REPORTING_DSN: platformEnv.ERROR_REPORTING_DSN,
  ERROR_REPORTING_ENVIRONMENT: platformEnv.ERROR_REPORTING_ENVIRONMENT,
  /**
   * the SPA's error-reporting project (ADR 0024): handed to the browser after it consented to analytics, and
   * the only DSN the tunnel (`POST /api/v1/monitoring/envelope`) forwards to; unset = the SPA reports nothing
   */
  ERROR_REPORTING_BROWSER_DSN: platformEnv.ERROR_REPORTING_DSN,
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: envPort(defaultPorts.gateway),
  DATA_DIR: platformEnv.DATA_DIR,
  IDENTITY_URL: serviceUrl('identity'),
  TENANT_URL: serviceUrl('tenant'),
  CARD_LEDGER_URL: serviceUrl('card-ledger'),
  BILLING_URL: serviceUrl('billing'),
  SURVEY_URL: serviceUrl('survey'),
  NOTIFICATION_URL: serviceUrl('notification'),
  /**
   * the billing service's payment provider and PayU host (the same variables billing reads): with `payu`, the
   * CSP lets the SPA load PayU's secure card form from PAYU_BASE_URL's origin (script, frames, XHR); with the
   * sandbox no third-party origin is allowed
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'payu']).default('sandbox'),
  PAYU_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://secure.payu.com'),
  /**
   * the site's public address, as the other services read it: robots.txt, sitemap.xml and the pre-rendered
   * pages' og:url / og:image are absolute under it (no trailing slash is kept)
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  /** built SPA; empty → API only */
  WEB_DIST_DIR: z.string().default('./web/dist'),
  /** maintenance mode at start; an operator can also toggle it by creating/removing MAINTENANCE_FLAG_FILE */
  MAINTENANCE_MODE: envBoolean(false),
  MAINTENANCE_FLAG_FILE: z.string().optional(),
  /** requests per minute per client IP across the API */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** ms before an upstream that has not answered gets a 504 */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** trust X-Forwarded-* (only behind a load balancer you control) */
  TRUST_PROXY: envBoolean(false),
  /** the dev pages (`/dev/mailbox`, `/dev/wallet`; embedded adapters only): off | loopback (this machine only) | on */
  DEV_MAILBOX: envDevConvenience('loopback'),
  /** allows DEV_MAILBOX=on with NODE_ENV=production (refused at start-up otherwise) */
  DEV_MAILBOX_ALLOW_IN_PRODUCTION: envBoolean(false),
});
export type GatewayConfig = z.infer<typeof GatewayEnv>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(GatewayEnv, env);

/** The third-party origins the SPA may use for payments: PayU's card form when billing uses PayU, else none. */
export const paymentOrigins = (config: Pick<GatewayConfig, 'PAYMENT_PROVIDER' | 'PAYU_BASE_URL'>) =>
  config.PAYMENT_PROVIDER === 'payu' ? [new URL(config.PAYU_BASE_URL).origin] : [];

export function upstreamsOf(config: GatewayConfig) {
  return {
    identity: config.IDENTITY_URL,
    tenant: config.TENANT_URL,
    'card-ledger': config.CARD_LEDGER_URL,
    billing: config.BILLING_URL,
    survey: config.SURVEY_URL,
    notification: config.NOTIFICATION_URL,
  };
}
export type Upstreams = ReturnType<typeof upstreamsOf>;
