import { Outlet, createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PanelSessionProvider } from '../../features/panel/shell/hooks/panel-session';
import { PanelShell } from '../../features/panel/shell/components/panel-shell';
import { loadPanelFrame } from '../../features/panel/shell/utils/section-loader';
import { OfflineScannerProvider } from '../../features/scanner/offline/use-offline-scanner';
import { registerScannerServiceWorker } from '../../lib/offline/service-worker';

export const Route = createFileRoute('/_business/panel')({
  loader: ({ context }) => loadPanelFrame(context),
  component: PanelLayout,
});

/**
 * Business panel frame (the `_business` guard let a signed-in owner or employee in): the sections the person's
 * role and permissions allow, and the section itself in the Outlet. Sections check their permission again and
 * show "Brak dostępu" on a direct visit.
 */
function PanelLayout() {
  const { user } = useAuth();
  // the scanner opens without a connection, also after a reload (ADR 0049)
  useEffect(registerScannerServiceWorker, []);
  // the guard already waited for the profile; after a logout the user is gone for a moment before navigating
  if (!user) return <PageSpinner />;
  return (
    <PanelSessionProvider user={user}>
      <PanelShell>
        {user.tenantId ? (
          // the scanner's offline queue goes out when the connection returns, on any page of the panel (ADR 0015)
          <OfflineScannerProvider tenantId={user.tenantId} userId={user.id}>
            <Outlet />
          </OfflineScannerProvider>
        ) : (
          <Outlet />
        )}
      </PanelShell>
    </PanelSessionProvider>
  );
}
