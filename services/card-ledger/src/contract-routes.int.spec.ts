import { describeRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { startCardLedger, tokenFor } from './testing/card-ledger-test-app';

describeRoutesGuardedByContracts('card-ledger', async () => {
  const t = await startCardLedger();
  return {
    app: t.app,
    close: () => t.close(),
    tokenFor: (caller) => tokenFor(caller.id, caller.role, caller),
  };
});
