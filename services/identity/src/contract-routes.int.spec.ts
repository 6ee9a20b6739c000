import { describeRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { startIdentity } from './testing/identity-test-app';

// identity's endpoints are public or for any signed-in caller: the anonymous sweep needs no token
describeRoutesGuardedByContracts('identity', () => startIdentity());
