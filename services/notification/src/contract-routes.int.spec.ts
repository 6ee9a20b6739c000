import { describeRoutesGuardedByContracts } from '@punkto/platform/testing/contract-routes';
import { startNotification } from './testing/notification-test-app';

describeRoutesGuardedByContracts('notification', () => startNotification());
