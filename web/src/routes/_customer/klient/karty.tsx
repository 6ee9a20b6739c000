import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_customer/klient/karty')({
  component: CustomerCardsPage,
});

function CustomerCardsPage() {
  return (
    <PlaceholderPage title="Moje karty" description="Karty lojalnościowe, które masz w swoim portfelu." />
  );
}
