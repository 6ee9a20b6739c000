import { Alert, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AnchorLink, ButtonLink } from '../components/ui/link';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { useAuth } from '../features/auth/hooks/use-auth';
import { afterLoginPath } from '../features/auth/utils/guards';

const loginSearchSchema = z.object({
  /** SPEC §2: the customer variant of the login page. */
  type: z.enum(['customer']).optional().catch(undefined),
  /** Where the business guard sends the person back after logging in. */
  redirect: z.string().startsWith('/').optional().catch(undefined),
});

export const Route = createFileRoute('/zaloguj')({
  validateSearch: loginSearchSchema,
  component: LoginPage,
});

function LoginPage() {
  const { type, redirect } = Route.useSearch();
  const { user } = useAuth();
  const customer = type === 'customer';

  return (
    <AuthCard
      title={customer ? 'Logowanie klienta' : 'Logowanie'}
      description={
        customer
          ? 'Zaloguj się, aby zobaczyć swoje karty lojalnościowe i historię.'
          : 'Zaloguj się do panelu firmy.'
      }
    >
      <Stack gap="lg">
        {user ? (
          <Alert color="punkto" variant="light" title={`Jesteś zalogowany jako ${user.username}`}>
            <ButtonLink to={afterLoginPath(user, redirect)} size="xs" mt="xs">
              Przejdź dalej
            </ButtonLink>
          </Alert>
        ) : null}
        <LoginForm variant={customer ? 'customer' : 'business'} redirect={redirect} />
        <Text size="sm" ta="center" c="dimmed">
          {customer ? (
            <>
              Prowadzisz firmę?{' '}
              <AnchorLink to="/zaloguj" search={{}}>
                Zaloguj się do panelu firmy
              </AnchorLink>
            </>
          ) : (
            <>
              Jesteś klientem?{' '}
              <AnchorLink to="/zaloguj" search={{ type: 'customer' }}>
                Przejdź do logowania klienta
              </AnchorLink>
            </>
          )}
        </Text>
      </Stack>
    </AuthCard>
  );
}
