import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaceholderPage } from '../components/ui/placeholder-page';

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/reset-hasla')({
  validateSearch: searchSchema,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <PlaceholderPage title="Ustaw nowe hasło" description="Wpisz nowe hasło do swojego konta.">
      {token ? null : (
        <Alert color="yellow" variant="light">
          Link do zmiany hasła jest niepełny. Otwórz go ponownie z wiadomości e-mail.
        </Alert>
      )}
    </PlaceholderPage>
  );
}
