import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';
import { subscriptionQueryOptions } from '../../../features/panel/subscription/api/subscription';
import { PlanChoicePage } from '../../../features/panel/subscription/components/plan-choice-page';

export const Route = createFileRoute('/_business/subskrypcja/wybor')({
  loader: ({ context }) =>
    loadSection(context, Permissions.billingManage, (tenantId) => [subscriptionQueryOptions(tenantId)]),
  errorComponent: routeLoadError('Wybór planu', 'Nie udało się wczytać subskrypcji'),
  component: () => (
    <TenantSectionGate permission={Permissions.billingManage}>
      {(tenantId) => <PlanChoicePage tenantId={tenantId} />}
    </TenantSectionGate>
  ),
});
