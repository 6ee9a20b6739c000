import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_customer/klient/historia')({
  component: CustomerHistoryPage,
});

function CustomerHistoryPage() {
  return <PlaceholderPage title="Historia" description="Historia zdobytych punktów, pieczątek i nagród." />;
}
