import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { AppLayout } from '../components/layouts/app-layout';
import { UserMenu, UserMenuMobile } from '../features/auth/components/user-menu';
import { useAuth } from '../features/auth/hooks/use-auth';
import { BugReportWidget } from '../features/bug-report/components/bug-report-widget';
import { CookieConsentDialog } from '../features/cookie-consent/components/cookie-consent-dialog';
import { CookieSettingsLink } from '../features/cookie-consent/components/cookie-settings-link';
import { MaintenanceBanner } from '../features/maintenance/components/maintenance-banner';

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
      {user && <BugReportWidget />}
      <CookieConsentDialog />
    </>
  );
}
