import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_authenticated/subskrypcja/sukces')({
  component: SubscriptionSuccessPage,
});

function SubscriptionSuccessPage() {
  return <PlaceholderPage title="Subskrypcja aktywna" description="Dziękujemy! Płatność została przyjęta." />;
}
