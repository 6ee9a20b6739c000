import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { ImportClientsPage } from '../../../../features/panel/clients/components/import-clients-page';
import { TenantSectionGate } from '../../../../features/panel/shell/components/no-access';

/** /panel/klienci/import: „switch from paper” (ADR 0059), for staff who may add clients */
export const Route = createFileRoute('/_business/panel/klienci/import')({
  component: ImportRoute,
});

function ImportRoute() {
  return (
    <TenantSectionGate permission={Permissions.clientsManage}>
      {(tenantId) => <ImportClientsPage tenantId={tenantId} />}
    </TenantSectionGate>
  );
}
