import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { NarrowPage } from '../../../components/ui/narrow-page';
import { ChangePasswordSection } from '../../../features/auth/components/change-password-form';
import { DeleteAccountSection } from '../../../features/auth/components/delete-account-section';
import { PreferencesForm } from '../../../features/auth/components/preferences-form';
import { DataExportSection } from '../../../features/portal/components/data-export-section';

export const Route = createFileRoute('/_customer/klient/ustawienia')({
  component: CustomerSettingsPage,
});

function CustomerSettingsPage() {
  return (
    <NarrowPage title="Ustawienia" description="Preferencje powiadomień i ustawienia konta.">
      <Stack gap="lg">
        <PreferencesForm />
        <ChangePasswordSection />
        <DataExportSection />
        <DeleteAccountSection />
      </Stack>
    </NarrowPage>
  );
}
