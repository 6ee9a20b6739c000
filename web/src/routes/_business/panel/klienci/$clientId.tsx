import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { ClientDetail } from '../../../../features/panel/clients/components/client-detail';
import { TenantSectionGate } from '../../../../features/panel/shell/components/no-access';

export const Route = createFileRoute('/_business/panel/klienci/$clientId')({
  component: ClientRoute,
});

function ClientRoute() {
  const { clientId } = Route.useParams();
  return (
    <TenantSectionGate permission={Permissions.clientsView}>
      {(tenantId) => <ClientDetail tenantId={tenantId} clientId={clientId} />}
    </TenantSectionGate>
  );
}
