import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { AppLayout } from '../components/layouts/app-layout';
import { UserMenu, UserMenuMobile } from '../features/auth/components/user-menu';
import { MaintenanceBanner } from '../features/maintenance/components/maintenance-banner';

export const Route = createRootRouteWithContext<RouterContext>()({
  // SPEC §2: the app shows a spinner until the authentication state is ready.
  beforeLoad: async ({ context }) => {
    await context.auth.ensureReady();
  },
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <AppLayout account={<UserMenu />} mobileAccount={(close) => <UserMenuMobile onNavigate={close} />}>
        <Outlet />
      </AppLayout>
      <MaintenanceBanner />
    </>
  );
}
