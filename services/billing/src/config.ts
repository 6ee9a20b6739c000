import { defaultPorts } from '@punkto/contracts/routing';
import { envBoolean, envOriginList, envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { ConfigError } from '@punkto/platform/config/config';
import { z } from 'zod';
import { PayuEnv } from './payments/payu/payu-config';

const count = (defaultValue: number, min = 0) => z.coerce.number().int().min(min).default(defaultValue);

export const BillingEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['billing']),
  /** trusted origins for the CSRF check besides the request's own, comma separated */
  CSRF_ALLOWED_ORIGINS: envOriginList,
  /** the gateway's public address: the payer returns to PUBLIC_URL/subskrypcja/sukces */
  PUBLIC_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * where the provider POSTs its notifications; default: PUBLIC_URL/api/v1/payments/notify (through the
   * gateway). The sandbox posts from inside this service, so any address that reaches it works.
   */
  PAYMENT_NOTIFY_URL: z.url().optional(),
  /** sandbox: the built-in test checkout (embedded default); payu: PayU REST (PAYU_* below) */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'payu']).default('sandbox'),
  /** PayU's POS (required with PAYMENT_PROVIDER=payu; payments/payu/payu-config.ts) */
  PAYU_BASE_URL: z.string().optional(),
  PAYU_POS_ID: z.string().optional(),
  PAYU_SECOND_KEY: z.string().optional(),
  PAYU_CLIENT_ID: z.string().optional(),
  PAYU_CLIENT_SECRET: z.string().optional(),
  /** allows the sandbox provider with NODE_ENV=production (refused at start-up otherwise: it takes no money) */
  PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION: envBoolean(false),
  /**
   * HMAC-SHA256 key of the sandbox's notifications (≥ 32 characters). Unset: generated once per install and
   * kept in the service's document store.
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  TRIAL_DAYS: count(14, 1),
  /**
   * Punkto's company data printed as the seller on every invoice (art. 106e). The defaults are development
   * placeholders: a production start (NODE_ENV=production without the sandbox) requires all five to be set.
   */
  SELLER_NAME: z.string().min(2).default('Punkto sp. z o.o.'),
  SELLER_NIP: z
    .string()
    .regex(/^\d{10}$/, '10 digits')
    .default('5260001246'),
  SELLER_STREET: z.string().min(2).default('ul. Prosta 1'),
  SELLER_POSTAL_CODE: z
    .string()
    .regex(/^\d{2}-\d{3}$/, 'NN-NNN')
    .default('00-001'),
  SELLER_CITY: z.string().min(2).default('Warszawa'),
  /**
   * how often billing looks for live subscriptions whose period-end (renewal, dunning, lapse) job is missing
   * from its scheduler and schedules it again (also once at start)
   */
  BILLING_SWEEP_INTERVAL_MINUTES: count(15, 1),
  /** the owner is e-mailed once when active customers reach this share of the plan's limit */
  CUSTOMER_LIMIT_ALERT_PERCENT: count(90, 1),
});
export type BillingConfig = z.infer<typeof BillingEnv>;

/** The sandbox takes no money: with NODE_ENV=production only when explicitly allowed (like the dev mailbox). */
export function sandboxInProductionProblem(config: BillingConfig): string | null {
  if (
    config.NODE_ENV !== 'production' ||
    config.PAYMENT_PROVIDER !== 'sandbox' ||
    config.PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION
  )
    return null;
  return (
    "PAYMENT_PROVIDER: 'sandbox' accepts test cards and takes no money, and is refused with NODE_ENV=production; " +
    'use payu, or set PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION=true if you really mean it (a local npm start)'
  );
}

const SELLER_VARIABLES = ['SELLER_NAME', 'SELLER_NIP', 'SELLER_STREET', 'SELLER_POSTAL_CODE', 'SELLER_CITY'];

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const config = loadConfig(BillingEnv, env);
  const problems = [sandboxInProductionProblem(config)].filter((p): p is string => p !== null);
  if (config.PAYMENT_PROVIDER === 'payu') {
    const payu = PayuEnv.safeParse(env);
    if (!payu.success)
      problems.push(
        ...payu.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (PAYMENT_PROVIDER=payu)`),
      );
  }
  const realInvoices = config.NODE_ENV === 'production' && !config.PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION;
  if (realInvoices)
    for (const name of SELLER_VARIABLES)
      if (!env[name]) problems.push(`${name}: the seller on real invoices must be configured (not set)`);
  if (problems.length) throw new ConfigError(problems);
  return config;
};
