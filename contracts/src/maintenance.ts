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
