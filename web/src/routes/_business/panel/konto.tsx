import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { NarrowPage } from '../../../components/ui/narrow-page';
import { ChangePasswordSection } from '../../../features/auth/components/change-password-form';
import { ProfileDetails } from '../../../features/auth/components/profile-details';
import { useAuth } from '../../../features/auth/hooks/use-auth';

export const Route = createFileRoute('/_business/panel/konto')({
  component: OwnAccountPage,
});

/** „Moje konto” of an owner or an employee: their own name, e-mail (confirmed by a link) and password. */
function OwnAccountPage() {
  const { user } = useAuth();
  return (
    <NarrowPage title="Moje konto" description="Twoje dane i hasło do logowania.">
      {user ? (
        <Stack gap="lg">
          <ProfileDetails user={user} />
          <ChangePasswordSection />
        </Stack>
      ) : null}
    </NarrowPage>
  );
}
