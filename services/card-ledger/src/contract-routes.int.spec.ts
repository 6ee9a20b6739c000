import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startCardLedger } from './testing/card-ledger-test-app';

describe('card-ledger routes', () => {
  let t: Awaited<ReturnType<typeof startCardLedger>>;
  beforeAll(async () => {
    t = await startCardLedger();
  });
  afterAll(() => t.close());

  it('are every card-ledger endpoint of the contracts, each guarded by its contract (anonymous: 401)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'card-ledger');
  });
});
