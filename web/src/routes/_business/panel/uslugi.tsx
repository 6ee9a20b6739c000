import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequired } from '../../../components/ui/company-required';
import { ServicesPage } from '../../../features/panel/services/components/services-page';
import { PermissionGate } from '../../../features/panel/shell/no-access';
import { usePanelSession } from '../../../features/panel/shell/panel-session';

export const Route = createFileRoute('/_business/panel/uslugi')({
  component: ServicesRoute,
});

function ServicesRoute() {
  const { tenantId } = usePanelSession();
  return (
    <PermissionGate permission={Permissions.servicesManage}>
      {tenantId ? <ServicesPage tenantId={tenantId} /> : <CompanyRequired />}
    </PermissionGate>
  );
}
