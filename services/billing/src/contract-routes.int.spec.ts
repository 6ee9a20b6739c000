import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startBilling, tokenFor } from './testing/billing-test-app';

describe('billing routes', () => {
  let t: Awaited<ReturnType<typeof startBilling>>;
  beforeAll(async () => {
    t = await startBilling();
  });
  afterAll(() => t.close());

  it('are every billing endpoint of the contracts, each guarded by its contract (anonymous: 401, another tenant, a customer or a missing permission: 403)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'billing', (claims) =>
      tokenFor(randomUUID(), claims.role, claims),
    );
  });
});
