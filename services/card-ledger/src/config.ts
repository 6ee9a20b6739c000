import { defaultPorts } from '@punkto/contracts/routing';
import { envOriginList, envPort, loadConfig, platformEnv } from '@punkto/platform/config/config';
import { z } from 'zod';

const count = (defaultValue: number, min = 0) => z.coerce.number().int().min(min).default(defaultValue);

export const CardLedgerEnv = z.object({
  ...platformEnv,
  PORT: envPort(defaultPorts['card-ledger']),
  /** trusted origins for the CSRF check besides the request's own, comma separated */
  CSRF_ALLOWED_ORIGINS: envOriginList,
  /**
   * HMAC key of the card QR codes (≥ 32 characters). Unset: a random key is generated once and kept in
   * the service's document store (shared by its replicas). Changing it invalidates every printed QR code.
   */
  CARD_QR_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** minimum time between two awards on one card (double scans); 0 turns it off */
  SCAN_COOLDOWN_MS: count(2000),
  /** the per-employee anomaly signal: more than N awards or X points within the window */
  ANOMALY_WINDOW_MINUTES: count(10, 1),
  ANOMALY_MAX_AWARDS: count(60, 1),
  ANOMALY_MAX_POINTS: count(5000, 1),
  /**
   * active customers (cards not closed) a tenant may have until billing's first entitlement event for it
   * arrives (billing.subscriptions.v1 then sets the plan's limit): the 14-day trial's limit, that of the
   * extended plan (SPEC §9: basic 100, extended 500)
   */
  DEFAULT_PLAN_CUSTOMER_LIMIT: count(500, 1),
  /** how long Idempotency-Key answers are kept */
  IDEMPOTENCY_TTL_HOURS: count(24, 1),
  /** retries of a card command that lost an optimistic-concurrency race */
  COMMAND_MAX_RETRIES: count(30, 1),
  /** comment lines on the live-update stream that keep proxies from closing it */
  SSE_HEARTBEAT_MS: count(15_000, 100),
});
export type CardLedgerConfig = z.infer<typeof CardLedgerEnv>;

export const loadCardLedgerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(CardLedgerEnv, env);
