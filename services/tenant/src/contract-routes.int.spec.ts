import { describeRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { startTenantTestApp } from './testing/tenant-test-app';

describeRoutesGuardedByContracts('tenant', () => startTenantTestApp());
