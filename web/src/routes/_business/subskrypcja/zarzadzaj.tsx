import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';
import {
  invoicesQueryOptions,
  paymentMethodsQueryOptions,
  subscriptionQueryOptions,
} from '../../../features/panel/subscription/api/subscription';
import { ManagePage } from '../../../features/panel/subscription/components/manage-page';

export const Route = createFileRoute('/_business/subskrypcja/zarzadzaj')({
  loader: ({ context }) =>
    loadSection(context, Permissions.billingManage, (tenantId) => [
      subscriptionQueryOptions(tenantId),
      paymentMethodsQueryOptions(tenantId),
      invoicesQueryOptions(tenantId),
    ]),
  errorComponent: routeLoadError('Subskrypcja', 'Nie udało się wczytać subskrypcji'),
  component: () => (
    <TenantSectionGate permission={Permissions.billingManage}>
      {(tenantId) => <ManagePage tenantId={tenantId} />}
    </TenantSectionGate>
  ),
});
