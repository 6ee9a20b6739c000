import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_authenticated/subskrypcja/platnosc')({
  component: PaymentPage,
});

function PaymentPage() {
  return <PlaceholderPage title="Płatność" description="Dokończ płatność za wybrany plan." />;
}
