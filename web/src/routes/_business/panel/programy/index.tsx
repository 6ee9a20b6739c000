import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { ProgramsPage } from '../../../../features/panel/programs/programs-page';
import { PermissionGate } from '../../../../features/panel/shell/no-access';

export const Route = createFileRoute('/_business/panel/programy/')({
  component: () => (
    <PermissionGate permission={Permissions.programsManage}>
      <ProgramsPage />
    </PermissionGate>
  ),
});
