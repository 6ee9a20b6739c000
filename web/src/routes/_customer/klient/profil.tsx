import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { ProfileDetails } from '../../../features/auth/components/profile-details';
import { useAuth } from '../../../features/auth/hooks/use-auth';

export const Route = createFileRoute('/_customer/klient/profil')({
  component: CustomerProfilePage,
});

function CustomerProfilePage() {
  const { user } = useAuth();
  return (
    <PlaceholderPage title="Mój profil" description="Twoje dane kontaktowe.">
      {user ? <ProfileDetails user={user} /> : null}
    </PlaceholderPage>
  );
}
