import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequired } from '../../../../components/ui/company-required';
import { ClientDetail } from '../../../../features/panel/clients/components/client-detail';
import { PermissionGate } from '../../../../features/panel/shell/no-access';
import { usePanelSession } from '../../../../features/panel/shell/panel-session';

export const Route = createFileRoute('/_business/panel/klienci/$clientId')({
  component: ClientRoute,
});

function ClientRoute() {
  const { tenantId } = usePanelSession();
  const { clientId } = Route.useParams();
  return (
    <PermissionGate permission={Permissions.clientsView}>
      {tenantId ? <ClientDetail tenantId={tenantId} clientId={clientId} /> : <CompanyRequired />}
    </PermissionGate>
  );
}
