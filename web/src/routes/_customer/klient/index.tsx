import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { myOverviewQueryOptions } from '../../../features/portal/api/portal';
import { OverviewPage } from '../../../features/portal/components/overview-page';

export const Route = createFileRoute('/_customer/klient/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myOverviewQueryOptions()),
  errorComponent: routeLoadError('Strefa klienta', 'Nie udało się wczytać podsumowania'),
  component: CustomerHomePage,
});

function CustomerHomePage() {
  const { user } = useAuth();
  return <OverviewPage username={user?.username ?? null} />;
}
