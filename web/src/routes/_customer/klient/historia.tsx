import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { HistoryPage } from '../../../features/portal/components/history-page';
import {
  HistorySearch,
  historySearchDefaults,
  type HistorySearch as HistorySearchState,
} from '../../../features/portal/utils/portal-labels';

export const Route = createFileRoute('/_customer/klient/historia')({
  // page and filter live in the URL: back/forward and shared links restore the list
  validateSearch: HistorySearch,
  search: { middlewares: [stripSearchParams(historySearchDefaults)] },
  component: CustomerHistoryPage,
});

function CustomerHistoryPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (next: HistorySearchState) => void navigate({ search: next });
  return <HistoryPage search={search} onSearchChange={onSearchChange} />;
}
