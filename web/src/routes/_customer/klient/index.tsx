import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_customer/klient/')({
  component: CustomerHomePage,
});

function CustomerHomePage() {
  return (
    <PlaceholderPage
      title="Strefa klienta"
      description="Twoje karty lojalnościowe, punkty i historia w jednym miejscu."
    />
  );
}
