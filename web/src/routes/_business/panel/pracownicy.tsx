import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { EmployeesPage } from '../../../features/panel/employees/components/employees-page';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { usePanelSession } from '../../../features/panel/shell/hooks/panel-session';

export const Route = createFileRoute('/_business/panel/pracownicy')({
  component: EmployeesRoute,
});

function EmployeesRoute() {
  const { user, permissions } = usePanelSession();
  return (
    <TenantSectionGate permission={Permissions.employeesManage}>
      {(tenantId) => <EmployeesPage tenantId={tenantId} viewer={{ userId: user.id, permissions }} />}
    </TenantSectionGate>
  );
}
