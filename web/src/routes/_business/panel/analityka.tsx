import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AnalyticsPage } from '../../../features/panel/analytics/components/analytics-page';
import {
  AnalyticsSearch,
  analyticsSearchDefaults,
  type AnalyticsSearch as AnalyticsSearchState,
} from '../../../features/panel/analytics/utils/analytics-search';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';

/**
 * /panel/analityka: the period, program and segment live in the URL (zod-validated). The page is in this route's
 * own chunk (autoCodeSplitting); its charts (@mantine/charts on recharts) in one of their own, which the page
 * loads beside its data, so the figures and tables paint first.
 */
export const Route = createFileRoute('/_business/panel/analityka')({
  validateSearch: AnalyticsSearch,
  search: { middlewares: [stripSearchParams(analyticsSearchDefaults)] },
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (next: AnalyticsSearchState) => void navigate({ search: next, replace: true });
  return (
    <TenantSectionGate permission={Permissions.analyticsView}>
      {(tenantId) => <AnalyticsPage tenantId={tenantId} search={search} onSearchChange={onSearchChange} />}
    </TenantSectionGate>
  );
}
