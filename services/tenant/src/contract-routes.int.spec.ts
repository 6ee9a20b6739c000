import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTenantTestApp } from './testing/tenant-test-app';

describe('tenant routes', () => {
  let t: Awaited<ReturnType<typeof startTenantTestApp>>;
  beforeAll(async () => {
    t = await startTenantTestApp();
  });
  afterAll(() => t.close());

  it('are every tenant endpoint of the contracts, each guarded by its contract (anonymous: 401)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'tenant');
  });
});
