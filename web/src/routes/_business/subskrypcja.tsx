import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PanelSessionProvider } from '../../features/panel/shell/hooks/panel-session';
import { PanelShell } from '../../features/panel/shell/components/panel-shell';

export const Route = createFileRoute('/_business/subskrypcja')({
  component: SubscriptionLayout,
});

/** The subscription pages (SPEC §2 /subskrypcja/*) in the panel's frame: its navigation and banner. */
function SubscriptionLayout() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <PanelSessionProvider user={user}>
      <PanelShell>
        <Outlet />
      </PanelShell>
    </PanelSessionProvider>
  );
}
