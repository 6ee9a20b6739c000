import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '../app/router-context';
import { AppLayout } from '../components/layouts/app-layout';
import { UserMenu, UserMenuMobile } from '../features/auth/components/user-menu';
import { useAuth } from '../features/auth/hooks/use-auth';
import { CookieConsentDialog } from '../features/cookie-consent/components/cookie-consent-dialog';
import { CookieSettingsLink } from '../features/cookie-consent/components/cookie-settings-link';
import { MaintenanceBanner } from '../features/maintenance/components/maintenance-banner';

// The bug-report widget is for signed-in people only: its code (a modal form) loads when someone signs in.
const BugReportWidget = lazy(() =>
  import('../features/bug-report/components/bug-report-widget').then((module) => ({
    default: module.BugReportWidget,
  })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // SPEC §2: the app shows a spinner until the authentication state is ready.
  beforeLoad: async ({ context }) => {
    await context.auth.ensureReady();
  },
  component: RootLayout,
});

function RootLayout() {
  // SPEC §2 overlays: maintenance banner, cookie consent, bug-report widget (logged-in users only)
  const { user } = useAuth();
  return (
    <>
      <AppLayout
        account={<UserMenu />}
        mobileAccount={(close) => <UserMenuMobile onNavigate={close} />}
        footerLinks={<CookieSettingsLink />}
      >
        <Outlet />
      </AppLayout>
      <MaintenanceBanner />
      {user && (
        <Suspense fallback={null}>
          <BugReportWidget />
        </Suspense>
      )}
      <CookieConsentDialog />
    </>
  );
}
