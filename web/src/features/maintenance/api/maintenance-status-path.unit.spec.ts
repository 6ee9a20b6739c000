import { getMaintenanceStatus } from '@punkto/contracts/endpoints/platform';
import { describe, expect, it } from 'vitest';
import { API_BASE_URL } from '../../../lib/api/api-base';
import { MAINTENANCE_STATUS_PATH } from './maintenance-status-path';

// The landing page polls the status with a bare fetch before the app (and its contract schemas) has loaded, so
// the path is a constant there: it must stay the contract endpoint's path.
describe('the maintenance status path of the landing page', () => {
  it('is the contract endpoint of the gateway', () =>
    expect(`${API_BASE_URL}${MAINTENANCE_STATUS_PATH}`).toBe(getMaintenanceStatus.path));
});
