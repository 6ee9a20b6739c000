import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { ProgramsPage } from '../../../../features/panel/programs/components/programs-page';
import { PermissionGate } from '../../../../features/panel/shell/components/no-access';

export const Route = createFileRoute('/_business/panel/programy/')({
  component: () => (
    <PermissionGate permission={Permissions.programsManage}>
      <ProgramsPage />
    </PermissionGate>
  ),
});
