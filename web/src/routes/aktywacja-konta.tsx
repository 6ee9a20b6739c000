import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaceholderPage } from '../components/ui/placeholder-page';

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/aktywacja-konta')({
  validateSearch: searchSchema,
  component: ActivateAccountPage,
});

function ActivateAccountPage() {
  const { token } = Route.useSearch();
  return (
    <PlaceholderPage title="Aktywacja konta" description="Potwierdzamy Twój adres e-mail.">
      {token ? null : (
        <Alert color="yellow" variant="light">
          Link aktywacyjny jest niepełny. Otwórz go ponownie z wiadomości e-mail.
        </Alert>
      )}
    </PlaceholderPage>
  );
}
