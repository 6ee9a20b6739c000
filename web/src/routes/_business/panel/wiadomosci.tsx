import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { automationsQueryOptions } from '../../../features/panel/messages/api/automations';
import { campaignsQueryOptions } from '../../../features/panel/messages/api/messages';
import { MessagesPage } from '../../../features/panel/messages/components/messages-page';
import { programsQueryOptions } from '../../../features/panel/programs/api/list-programs';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';

/** /panel/wiadomosci: messages to customers, for staff holding `messages.send` (owners hold it by role). */
export const Route = createFileRoute('/_business/panel/wiadomosci')({
  loader: ({ context }) =>
    loadSection(context, Permissions.messagesSend, (tenantId) => [
      campaignsQueryOptions(tenantId),
      automationsQueryOptions(tenantId),
      programsQueryOptions(tenantId),
    ]),
  errorComponent: routeLoadError('Wiadomości', 'Nie udało się wczytać wiadomości'),
  component: MessagesRoute,
});

function MessagesRoute() {
  return (
    <TenantSectionGate permission={Permissions.messagesSend}>
      {(tenantId) => <MessagesPage tenantId={tenantId} />}
    </TenantSectionGate>
  );
}
