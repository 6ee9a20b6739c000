import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { programsQueryOptions } from '../../../../features/panel/programs/api/list-programs';
import { EditProgramPage } from '../../../../features/panel/programs/components/program-edit-page';
import { TenantSectionGate } from '../../../../features/panel/shell/components/no-access';
import { routeLoadError } from '../../../../components/ui/route-load-error';
import { loadSection } from '../../../../features/panel/shell/utils/section-loader';

export const Route = createFileRoute('/_business/panel/programy/$programId')({
  loader: ({ context }) =>
    loadSection(context, Permissions.programsManage, (tenantId) => [programsQueryOptions(tenantId)]),
  errorComponent: routeLoadError('Edycja programu', 'Nie udało się pobrać programu'),
  component: EditProgramRoute,
});

function EditProgramRoute() {
  const { programId } = Route.useParams();
  return (
    <TenantSectionGate permission={Permissions.programsManage}>
      {(tenantId) => <EditProgramPage tenantId={tenantId} programId={programId} />}
    </TenantSectionGate>
  );
}
