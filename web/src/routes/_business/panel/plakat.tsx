import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequired } from '../../../components/ui/company-required';
import { PosterPage } from '../../../features/panel/enrolment/components/poster-page';
import { PermissionGate } from '../../../features/panel/shell/no-access';
import { usePanelSession } from '../../../features/panel/shell/panel-session';

export const Route = createFileRoute('/_business/panel/plakat')({
  component: PosterRoute,
});

/** Any staff member may share the enrolment link and print the poster. */
function PosterRoute() {
  const { tenantId, can } = usePanelSession();
  return (
    <PermissionGate permission={undefined}>
      {tenantId ? (
        <PosterPage tenantId={tenantId} canManagePrograms={can(Permissions.programsManage)} />
      ) : (
        <CompanyRequired />
      )}
    </PermissionGate>
  );
}
