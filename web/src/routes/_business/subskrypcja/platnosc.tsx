import { PaidPlanId } from '@punkto/contracts/billing';
import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ButtonLink } from '../../../components/ui/link';
import { routeLoadError } from '../../../components/ui/route-load-error';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';
import { subscriptionQueryOptions } from '../../../features/panel/subscription/api/subscription';
import { PaymentPage } from '../../../features/panel/subscription/components/payment-page';

const Search = z.object({
  plan: PaidPlanId.optional().catch(undefined),
  cykl: z.enum(['month', 'year']).optional().catch(undefined),
  kwota: z.coerce.number().int().min(0).optional().catch(undefined),
});

export const Route = createFileRoute('/_business/subskrypcja/platnosc')({
  validateSearch: Search,
  loader: ({ context }) =>
    loadSection(context, Permissions.billingManage, (tenantId) => [subscriptionQueryOptions(tenantId)]),
  errorComponent: routeLoadError('Płatność', 'Nie udało się wczytać subskrypcji'),
  component: PaymentRoute,
});

function PaymentRoute() {
  const { plan, cykl, kwota } = Route.useSearch();
  return (
    <TenantSectionGate permission={Permissions.billingManage}>
      {(tenantId) =>
        plan ? (
          <PaymentPage tenantId={tenantId} planId={plan} isForYear={cykl !== 'month'} quotedGrosze={kwota} />
        ) : (
          <ButtonLink to="/subskrypcja/wybor">Najpierw wybierz plan</ButtonLink>
        )
      }
    </TenantSectionGate>
  );
}
