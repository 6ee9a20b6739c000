import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { usePanelSession } from '../../../features/panel/shell/hooks/panel-session';
import { ScannerPage } from '../../../features/scanner/components/scanner-page';

export const Route = createFileRoute('/_business/panel/skaner')({
  component: ScannerRoute,
});

function ScannerRoute() {
  // the session's permissions: a change by the owner arrives with the next refreshed session (ADR 0038)
  const { can } = usePanelSession();
  const may = { award: can(Permissions.cardsAward), redeem: can(Permissions.cardsRedeem) };
  return (
    <TenantSectionGate permission={Permissions.cardsScan}>
      {(tenantId) => <ScannerPage tenantId={tenantId} may={may} />}
    </TenantSectionGate>
  );
}
