import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { PosterPage } from '../../../features/panel/enrolment/components/poster-page';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { usePanelSession } from '../../../features/panel/shell/hooks/panel-session';

export const Route = createFileRoute('/_business/panel/plakat')({
  component: PosterRoute,
});

/** Any staff member may share the enrolment link and print the poster. */
function PosterRoute() {
  const { can } = usePanelSession();
  return (
    <TenantSectionGate permission={undefined}>
      {(tenantId) => <PosterPage tenantId={tenantId} canManagePrograms={can(Permissions.programsManage)} />}
    </TenantSectionGate>
  );
}
