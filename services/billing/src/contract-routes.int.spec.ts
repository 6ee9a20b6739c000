import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startBilling } from './testing/billing-test-app';

describe('billing routes', () => {
  let t: Awaited<ReturnType<typeof startBilling>>;
  beforeAll(async () => {
    t = await startBilling();
  });
  afterAll(() => t.close());

  it('are every billing endpoint of the contracts, each guarded by its contract (anonymous: 401)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'billing');
  });
});
