import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { AppLayout } from '../components/layouts/app-layout';
import { MaintenanceBanner } from '../features/maintenance/components/maintenance-banner';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <AppLayout>
        <Outlet />
      </AppLayout>
      <MaintenanceBanner />
    </>
  );
}
