import { expectRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startCardLedger, tokenFor } from './testing/card-ledger-test-app';

describe('card-ledger routes', () => {
  let t: Awaited<ReturnType<typeof startCardLedger>>;
  beforeAll(async () => {
    t = await startCardLedger();
  });
  afterAll(() => t.close());

  it('are every card-ledger endpoint of the contracts, each guarded by its contract (anonymous: 401, another tenant, a customer or a missing permission: 403)', async () => {
    await expectRoutesGuardedByContracts(t.app, 'card-ledger', (claims) =>
      tokenFor(randomUUID(), claims.role, claims),
    );
  });
});
