import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CompanyRequired } from '../../../components/ui/company-required';
import { PermissionGate } from '../../../features/panel/shell/no-access';
import { usePanelSession } from '../../../features/panel/shell/panel-session';
import { ScannerPage } from '../../../features/scanner/components/scanner-page';

export const Route = createFileRoute('/_business/panel/skaner')({
  component: ScannerRoute,
});

function ScannerRoute() {
  const { tenantId } = usePanelSession();
  return (
    <PermissionGate permission={Permissions.cardsScan}>
      {tenantId ? <ScannerPage tenantId={tenantId} /> : <CompanyRequired />}
    </PermissionGate>
  );
}
