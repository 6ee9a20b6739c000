import { Stack } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../components/ui/page-header';
import { PageSpinner } from '../components/ui/page-spinner';
import { useAuth } from '../features/auth/hooks/use-auth';
import { enforce } from '../features/auth/utils/guard-redirect';
import { decideBusinessAccess } from '../features/auth/utils/guards';
import { SetupWizard } from '../features/panel/setup/components/setup-wizard';
import { FormerCompaniesNotice } from '../features/panel/subscription/components/former-companies-notice';
import { waitForSession } from '../features/panel/shell/utils/wait-for-session';
import { notify } from '../lib/notify-instance';

/** SPEC §2: account completion for a signed-in business owner (anonymous → /zaloguj remembering the page). */
export const Route = createFileRoute('/uzupelnij-konto')({
  beforeLoad: async ({ context, location }) => {
    enforce(decideBusinessAccess(await context.auth.ensureReady(), location.href));
  },
  component: CompleteAccountPage,
});

function CompleteAccountPage() {
  const { auth } = Route.useRouteContext();
  const { user } = useAuth();
  const navigate = useNavigate();

  /** identity learns the new company from the bus a moment later; the refreshed token then carries `tid` */
  const waitForTenant = async (tenantId?: string) => {
    const ready = await waitForSession(
      { refresh: () => auth.refresh().then(() => auth.getState().user) },
      (u) => (tenantId ? u?.tenantId === tenantId : !!u?.tenantId),
    );
    return ready?.tenantId ?? null;
  };

  const onFinished = async () => {
    notify.success('Gotowe! Firma jest skonfigurowana.');
    await navigate({ to: '/panel' });
  };

  return (
    <Stack gap="lg" py={{ base: 'lg', sm: 'xl' }} maw={900}>
      <PageHeader
        title="Uzupełnij konto"
        description="Trzy krótkie kroki: dane firmy, adres i pierwszy program lojalnościowy."
      />
      <FormerCompaniesNotice />
      {user ? (
        <SetupWizard user={user} waitForTenant={waitForTenant} onFinished={onFinished} />
      ) : (
        <PageSpinner />
      )}
    </Stack>
  );
}
