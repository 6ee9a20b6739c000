import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { NarrowPage } from '../../../components/ui/narrow-page';
import { ProfileDetails } from '../../../features/auth/components/profile-details';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { BirthdaySection } from '../../../features/portal/components/birthday-section';

export const Route = createFileRoute('/_customer/klient/profil')({
  component: CustomerProfilePage,
});

function CustomerProfilePage() {
  const { user } = useAuth();
  return (
    <NarrowPage title="Mój profil" description="Twoje dane kontaktowe i data urodzin.">
      {user ? (
        <Stack gap="lg">
          <ProfileDetails user={user} />
          <BirthdaySection />
        </Stack>
      ) : null}
    </NarrowPage>
  );
}
