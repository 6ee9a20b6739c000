import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_authenticated/subskrypcja/zarzadzaj')({
  component: ManageSubscriptionPage,
});

function ManageSubscriptionPage() {
  return (
    <PlaceholderPage
      title="Zarządzaj subskrypcją"
      description="Zmień plan, metodę płatności lub anuluj subskrypcję."
    />
  );
}
