import { Alert, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/ui/link';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { BusinessSignupSteps } from '../../../features/auth/components/business-signup-steps';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { isBusinessUser } from '../../../features/auth/utils/guards';

export const Route = createFileRoute('/_authenticated/stworz-konto/firma')({
  component: BusinessSignupPage,
});

/**
 * The multi-step business signup for a signed-in person (SPEC §2: authenticated only). Account and e-mail
 * confirmation are done (they happen at /stworz-konto before one can sign in); the company data step
 * continues at /uzupelnij-konto.
 */
function BusinessSignupPage() {
  const { user } = useAuth();
  const business = isBusinessUser(user);
  return (
    <AuthCard
      width={640}
      title="Rejestracja firmy"
      description="Kilka kroków dzieli Cię od pierwszej karty lojalnościowej."
    >
      {business ? (
        <BusinessSignupSteps active={2}>
          <Stack mt="lg" gap="md" align="flex-start">
            <Text>
              Konto <strong>{user?.email}</strong> jest aktywne. Zostały dane firmy: nazwa, adres i wygląd
              karty.
            </Text>
            <ButtonLink to="/uzupelnij-konto">Uzupełnij dane firmy</ButtonLink>
          </Stack>
        </BusinessSignupSteps>
      ) : (
        <Alert color="yellow" variant="light" title="To konto jest kontem klienta">
          Aby prowadzić program lojalnościowy, załóż osobne konto firmy innym adresem e-mail.
        </Alert>
      )}
    </AuthCard>
  );
}
