import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { NewProgramPage } from '../../../../features/panel/programs/components/program-edit-page';
import { PermissionGate } from '../../../../features/panel/shell/components/no-access';

export const Route = createFileRoute('/_business/panel/programy/nowy')({
  component: () => (
    <PermissionGate permission={Permissions.programsManage}>
      <NewProgramPage />
    </PermissionGate>
  ),
});
