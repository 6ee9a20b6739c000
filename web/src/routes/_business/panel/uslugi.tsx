import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '../../../features/panel/services/components/services-page';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';

export const Route = createFileRoute('/_business/panel/uslugi')({
  component: ServicesRoute,
});

function ServicesRoute() {
  return (
    <TenantSectionGate permission={Permissions.servicesManage}>
      {(tenantId) => <ServicesPage tenantId={tenantId} />}
    </TenantSectionGate>
  );
}
