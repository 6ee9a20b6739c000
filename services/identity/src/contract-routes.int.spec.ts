import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startIdentity } from './testing/identity-test-app';

describe('identity routes', () => {
  let t: Awaited<ReturnType<typeof startIdentity>>;
  beforeAll(async () => {
    t = await startIdentity();
  });
  afterAll(() => t.close());

  it('are every identity endpoint of the contracts, each guarded by its contract (anonymous: 401)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'identity');
  });
});
