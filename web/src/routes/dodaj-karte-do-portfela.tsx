import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/dodaj-karte-do-portfela')({
  component: AddToWalletPage,
});

function AddToWalletPage() {
  return (
    <PlaceholderPage
      title="Dodaj kartę do portfela"
      description="Zapisz kartę lojalnościową w Apple Wallet lub Google Wallet — bez instalowania aplikacji."
    />
  );
}
