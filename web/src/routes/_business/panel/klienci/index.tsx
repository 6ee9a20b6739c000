import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ClientsPage } from '../../../../features/panel/clients/components/clients-page';
import {
  ClientsSearch,
  clientsSearchDefaults,
  type ClientsSearch as ClientsSearchState,
} from '../../../../features/panel/clients/utils/clients-search';
import { TenantSectionGate } from '../../../../features/panel/shell/components/no-access';
import { usePanelSession } from '../../../../features/panel/shell/hooks/panel-session';

export const Route = createFileRoute('/_business/panel/klienci/')({
  // page, search and sort live in the URL: back/forward and shared links restore the list
  validateSearch: ClientsSearch,
  search: { middlewares: [stripSearchParams(clientsSearchDefaults)] },
  component: ClientsRoute,
});

function ClientsRoute() {
  const { can } = usePanelSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (next: ClientsSearchState, options?: { replace?: boolean }) =>
    void navigate({ search: next, replace: options?.replace ?? false });

  return (
    <TenantSectionGate permission={Permissions.clientsView}>
      {(tenantId) => (
        <ClientsPage
          tenantId={tenantId}
          canManage={can(Permissions.clientsManage)}
          search={search}
          onSearchChange={onSearchChange}
        />
      )}
    </TenantSectionGate>
  );
}
