import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { EditProgramPage } from '../../../../features/panel/programs/components/program-edit-page';
import { PermissionGate } from '../../../../features/panel/shell/components/no-access';

export const Route = createFileRoute('/_business/panel/programy/$programId')({
  component: EditProgramRoute,
});

function EditProgramRoute() {
  const { programId } = Route.useParams();
  return (
    <PermissionGate permission={Permissions.programsManage}>
      <EditProgramPage programId={programId} />
    </PermissionGate>
  );
}
