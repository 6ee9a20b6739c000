import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { ScannerPage } from '../../../features/scanner/components/scanner-page';

export const Route = createFileRoute('/_business/panel/skaner')({
  component: ScannerRoute,
});

function ScannerRoute() {
  return (
    <TenantSectionGate permission={Permissions.cardsScan}>
      {(tenantId) => <ScannerPage tenantId={tenantId} />}
    </TenantSectionGate>
  );
}
