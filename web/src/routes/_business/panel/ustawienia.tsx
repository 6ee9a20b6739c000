import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PermissionGate } from '../../../features/panel/shell/components/no-access';
import { waitForSession } from '../../../features/panel/shell/utils/wait-for-session';
import { SettingsPage } from '../../../features/panel/settings/components/settings-page';
import { notify } from '../../../lib/notify-instance';

export const Route = createFileRoute('/_business/panel/ustawienia')({
  component: SettingsRoute,
});

function SettingsRoute() {
  const { auth, queryClient } = Route.useRouteContext();
  const navigate = useNavigate();

  /** The company is gone: identity drops `tid` from the owner's next token; then the owner may start again. */
  const onCompanyDeleted = async () => {
    const tenantId = auth.getState().user?.tenantId;
    notify.success('Firma została usunięta.');
    await waitForSession(
      { refresh: () => auth.refresh().then(() => auth.getState().user) },
      (user) => !user?.tenantId,
      { timeoutMs: 10_000 },
    );
    if (tenantId) queryClient.removeQueries({ queryKey: ['tenants', tenantId] });
    await navigate({ to: '/uzupelnij-konto' });
  };

  return (
    <PermissionGate permission={Permissions.tenantSettings}>
      <SettingsPage onCompanyDeleted={onCompanyDeleted} />
    </PermissionGate>
  );
}
