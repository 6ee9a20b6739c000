import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startNotification } from './testing/notification-test-app';

describe('notification routes', () => {
  let t: Awaited<ReturnType<typeof startNotification>>;
  beforeAll(async () => {
    t = await startNotification();
  });
  afterAll(() => t.close());

  it('are every notification endpoint of the contracts, each guarded by its contract (anonymous: 401)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'notification');
  });
});
