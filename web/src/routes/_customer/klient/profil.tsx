import { createFileRoute } from '@tanstack/react-router';
import { NarrowPage } from '../../../components/ui/narrow-page';
import { ProfileDetails } from '../../../features/auth/components/profile-details';
import { useAuth } from '../../../features/auth/hooks/use-auth';

export const Route = createFileRoute('/_customer/klient/profil')({
  component: CustomerProfilePage,
});

function CustomerProfilePage() {
  const { user } = useAuth();
  return (
    <NarrowPage title="Mój profil" description="Twoje dane kontaktowe.">
      {user ? <ProfileDetails user={user} /> : null}
    </NarrowPage>
  );
}
