import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { SuccessPage } from '../../../features/panel/subscription/components/success-page';

const Search = z.object({ paymentId: z.string().min(1).max(100).optional().catch(undefined) });

export const Route = createFileRoute('/_business/subskrypcja/sukces')({
  validateSearch: Search,
  component: SuccessRoute,
});

function SuccessRoute() {
  const { paymentId } = Route.useSearch();
  return (
    <TenantSectionGate permission={Permissions.billingManage}>
      {(tenantId) => <SuccessPage tenantId={tenantId} paymentId={paymentId} />}
    </TenantSectionGate>
  );
}
