import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { OverviewPage } from '../../../features/portal/components/overview-page';

export const Route = createFileRoute('/_customer/klient/')({
  component: CustomerHomePage,
});

function CustomerHomePage() {
  const { user } = useAuth();
  return <OverviewPage username={user?.username ?? null} />;
}
