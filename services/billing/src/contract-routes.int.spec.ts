import { describeRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { startBilling, tokenFor } from './testing/billing-test-app';

describeRoutesGuardedByContracts('billing', async () => {
  const t = await startBilling();
  return {
    app: t.app,
    close: () => t.close(),
    tokenFor: (caller) => tokenFor(caller.id, caller.role, caller),
  };
});
