import { z } from 'zod';

export const MaintenanceStatusResponse = z
  .object({ maintenanceMode: z.boolean() })
  .meta({ id: 'MaintenanceStatus' });
export type MaintenanceStatusResponse = z.infer<typeof MaintenanceStatusResponse>;

export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    service: z.string(),
    checks: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/v1/status (gateway): what the public status page shows — names only, never internal URLs. */
export const PublicStatusResponse = z
  .object({
    checkedAt: z.iso.datetime({ offset: true }),
    services: z.array(
      z.object({
        name: z.string(),
        status: z.enum(['up', 'down']),
        latencyMs: z.number().int().nonnegative(),
      }),
    ),
  })
  .meta({ id: 'PublicStatus' });
export type PublicStatusResponse = z.infer<typeof PublicStatusResponse>;

/**
 * The SPA's error reporting (ADR 0024), asked for only after the person chose analytics cookies: the DSN of
 * the browser project (null: reporting is off, nothing is loaded) and where the SDK sends its envelopes —
 * the gateway's tunnel, so the page talks to no third-party origin.
 */
export const ErrorReportingConfigResponse = z
  .object({
    dsn: z.string().nullable(),
    environment: z.string(),
    tunnel: z.string(),
  })
  .meta({ id: 'ErrorReportingConfig' });
export type ErrorReportingConfigResponse = z.infer<typeof ErrorReportingConfigResponse>;
