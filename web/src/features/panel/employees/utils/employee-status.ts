import type { EmployeeStatus } from '@punkto/contracts/employees';
import type { StatusTone } from '../../../../components/ui/status-badge';

/** Badge tone of an employee status. */
export function employeeStatusTone(status: EmployeeStatus): StatusTone {
  if (status === 'active') return 'positive';
  if (status === 'invited') return 'pending';
  return 'neutral';
}
