import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { usePanelSession } from '../../../features/panel/shell/hooks/panel-session';
import { ScannerPage } from '../../../features/scanner/components/scanner-page';

export const Route = createFileRoute('/_business/panel/skaner')({
  component: ScannerRoute,
});

function ScannerRoute() {
  // the offline queue and the cards seen recently belong to this person in this company (ADR 0015)
  const { user } = usePanelSession();
  return (
    <TenantSectionGate permission={Permissions.cardsScan}>
      {(tenantId) => <ScannerPage tenantId={tenantId} userId={user.id} />}
    </TenantSectionGate>
  );
}
