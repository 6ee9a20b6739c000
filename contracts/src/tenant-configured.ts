import { z } from 'zod';

export const TenantConfiguredResponse = z
  .object({
    configured: z.boolean(),
    missing: z.array(
      z.object({ key: z.enum(['companyData', 'address', 'activeProgram']), message: z.string() }),
    ),
  })
  .meta({ id: 'TenantConfigured' });
export type TenantConfiguredResponse = z.infer<typeof TenantConfiguredResponse>;
