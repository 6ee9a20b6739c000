import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/ui/placeholder-page';

export const Route = createFileRoute('/przypomnij-haslo')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <PlaceholderPage
      title="Przypomnij hasło"
      description="Podaj adres e-mail, a wyślemy link do ustawienia nowego hasła."
    />
  );
}
