import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export const Route = createFileRoute('/stworz-konto/')({
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <PlaceholderPage
      title="Rejestracja"
      description="Załóż konto i wypróbuj Punkto przez 14 dni bez podawania karty płatniczej."
    />
  );
}
