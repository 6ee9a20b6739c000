import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { useAuth } from '../../../features/auth/hooks/use-auth';

export const Route = createFileRoute('/_customer/klient/')({
  component: CustomerHomePage,
});

function CustomerHomePage() {
  const { user } = useAuth();
  return (
    <PlaceholderPage
      title={user ? `Witaj, ${user.username}!` : 'Strefa klienta'}
      description="Twoje karty lojalnościowe, punkty i historia w jednym miejscu."
    />
  );
}
