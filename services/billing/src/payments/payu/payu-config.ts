import { z } from 'zod';

/**
 * The PayU adapter's environment (read only when PAYMENT_PROVIDER=payu; the service config merges this
 * schema in). Values from the PayU merchant panel → "Punkty płatności" → the POS's configuration keys.
 */
export const PayuEnv = z.object({
  /** production `https://secure.payu.com`, sandbox `https://secure.snd.payu.com` (or a local fake in tests) */
  PAYU_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://secure.payu.com'),
  /** "Id punktu płatności (pos_id)", also the `merchantPosId` of every order */
  PAYU_POS_ID: z.string().regex(/^\d+$/, 'PAYU_POS_ID is the numeric POS id'),
  /** "Drugi klucz (MD5)": verifies notification signatures */
  PAYU_SECOND_KEY: z.string().min(16),
  /** "Protokół OAuth - client_id" */
  PAYU_CLIENT_ID: z.string().min(1),
  /** "Protokół OAuth - client_secret" */
  PAYU_CLIENT_SECRET: z.string().min(16),
});
export type PayuEnvConfig = z.infer<typeof PayuEnv>;

export interface PayuConfig {
  baseUrl: string;
  posId: string;
  secondKey: string;
  clientId: string;
  clientSecret: string;
}

export function payuConfigFromEnv(env: PayuEnvConfig): PayuConfig {
  return {
    baseUrl: env.PAYU_BASE_URL.replace(/\/+$/, ''),
    posId: env.PAYU_POS_ID,
    secondKey: env.PAYU_SECOND_KEY,
    clientId: env.PAYU_CLIENT_ID,
    clientSecret: env.PAYU_CLIENT_SECRET,
  };
}

/** PayU's JS SDK (the secure card form) on the configured PayU host: `<base>/javascript/sdk`. */
export const payuSdkUrl = (config: Pick<PayuConfig, 'baseUrl'>) => `${config.baseUrl}/javascript/sdk`;
