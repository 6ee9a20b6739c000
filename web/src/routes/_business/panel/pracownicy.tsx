import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequired } from '../../../components/ui/company-required';
import { EmployeesPage } from '../../../features/panel/employees/components/employees-page';
import { PermissionGate } from '../../../features/panel/shell/no-access';
import { usePanelSession } from '../../../features/panel/shell/panel-session';

export const Route = createFileRoute('/_business/panel/pracownicy')({
  component: EmployeesRoute,
});

function EmployeesRoute() {
  const { tenantId, user, permissions } = usePanelSession();
  return (
    <PermissionGate permission={Permissions.employeesManage}>
      {tenantId ? (
        <EmployeesPage tenantId={tenantId} viewer={{ userId: user.id, permissions }} />
      ) : (
        <CompanyRequired />
      )}
    </PermissionGate>
  );
}
