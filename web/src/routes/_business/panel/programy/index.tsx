import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { programsQueryOptions } from '../../../../features/panel/programs/api/list-programs';
import { ProgramsPage } from '../../../../features/panel/programs/components/programs-page';
import { TenantSectionGate } from '../../../../features/panel/shell/components/no-access';
import { routeLoadError } from '../../../../components/ui/route-load-error';
import { loadSection } from '../../../../features/panel/shell/utils/section-loader';

export const Route = createFileRoute('/_business/panel/programy/')({
  loader: ({ context }) =>
    loadSection(context, Permissions.programsManage, (tenantId) => [programsQueryOptions(tenantId)]),
  errorComponent: routeLoadError('Programy lojalnościowe', 'Nie udało się pobrać programów'),
  component: () => (
    <TenantSectionGate permission={Permissions.programsManage}>
      {(tenantId) => <ProgramsPage tenantId={tenantId} />}
    </TenantSectionGate>
  ),
});
