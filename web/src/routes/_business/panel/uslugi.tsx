import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { ServicesPage } from '../../../features/panel/services/components/services-page';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';
import { servicesQueryOptions } from '../../../lib/queries/catalogue';

export const Route = createFileRoute('/_business/panel/uslugi')({
  loader: ({ context }) =>
    loadSection(context, Permissions.servicesManage, (tenantId) => [servicesQueryOptions(tenantId)]),
  errorComponent: routeLoadError('Usługi', 'Nie udało się wczytać usług'),
  component: ServicesRoute,
});

function ServicesRoute() {
  return (
    <TenantSectionGate permission={Permissions.servicesManage}>
      {(tenantId) => <ServicesPage tenantId={tenantId} />}
    </TenantSectionGate>
  );
}
