import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { NewProgramPage } from '../../../../features/panel/programs/components/program-edit-page';
import { TenantSectionGate } from '../../../../features/panel/shell/components/no-access';

export const Route = createFileRoute('/_business/panel/programy/nowy')({
  component: () => (
    <TenantSectionGate permission={Permissions.programsManage}>
      {(tenantId) => <NewProgramPage tenantId={tenantId} />}
    </TenantSectionGate>
  ),
});
