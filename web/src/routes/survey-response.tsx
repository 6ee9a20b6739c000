import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PlaceholderPage } from '../components/ui/placeholder-page';

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/survey-response')({
  validateSearch: searchSchema,
  component: SurveyResponsePage,
});

function SurveyResponsePage() {
  const { token } = Route.useSearch();
  return (
    <PlaceholderPage
      title="Ankieta"
      description="Jak oceniasz swoją ostatnią wizytę? Twoja odpowiedź jest anonimowa."
    >
      {token ? null : (
        <Alert color="yellow" variant="light">
          Link do ankiety jest niepełny. Otwórz go ponownie z wiadomości.
        </Alert>
      )}
    </PlaceholderPage>
  );
}
