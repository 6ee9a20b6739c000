import { Paper, Stepper, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export const Route = createFileRoute('/_authenticated/stworz-konto/firma')({
  component: BusinessSignupPage,
});

/** Multi-step signup (SPEC §2: path not shown, authenticated user only). */
function BusinessSignupPage() {
  return (
    <PlaceholderPage
      title="Rejestracja firmy"
      description="Kilka kroków dzieli Cię od pierwszej karty lojalnościowej."
    >
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stepper active={0} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="Dane firmy" description="Nazwa i adres">
            <Text c="dimmed" mt="md">
              Formularz danych firmy pojawi się tutaj.
            </Text>
          </Stepper.Step>
          <Stepper.Step label="Program" description="Punkty lub pieczątki" />
          <Stepper.Step label="Plan" description="14 dni za darmo" />
        </Stepper>
      </Paper>
    </PlaceholderPage>
  );
}
