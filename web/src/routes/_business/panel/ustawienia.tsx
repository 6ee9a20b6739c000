import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';
import { tenantQueryOptions } from '../../../lib/queries/tenant';
import { locationsQueryOptions } from '../../../features/panel/settings/api/locations';
import { waitForSession } from '../../../features/panel/shell/utils/wait-for-session';
import { SettingsPage } from '../../../features/panel/settings/components/settings-page';
import { notify } from '../../../lib/notify-instance';

export const Route = createFileRoute('/_business/panel/ustawienia')({
  loader: ({ context }) =>
    loadSection(context, Permissions.tenantSettings, (tenantId) => [
      tenantQueryOptions(tenantId),
      locationsQueryOptions(tenantId),
    ]),
  errorComponent: routeLoadError('Ustawienia firmy', 'Nie udało się pobrać danych firmy'),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { auth, queryClient } = Route.useRouteContext();
  const navigate = useNavigate();

  /** The company is gone: identity drops `tid` from the owner's next token; then the owner may start again. */
  const onCompanyDeleted = async () => {
    const tenantId = auth.getState().user?.tenantId;
    notify.success('Firma została usunięta. Jej faktury znajdziesz w „Faktury zamkniętych firm”.');
    await waitForSession(
      { refresh: () => auth.refresh().then(() => auth.getState().user) },
      (user) => !user?.tenantId,
      { timeoutMs: 10_000 },
    );
    // leave the page first: its data query would otherwise ask for the deleted company again
    await navigate({ to: '/uzupelnij-konto' });
    if (tenantId) queryClient.removeQueries({ queryKey: ['tenants', tenantId] });
  };

  return (
    <TenantSectionGate permission={Permissions.tenantSettings}>
      {(tenantId) => <SettingsPage tenantId={tenantId} onCompanyDeleted={onCompanyDeleted} />}
    </TenantSectionGate>
  );
}
