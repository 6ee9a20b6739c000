import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AnchorLink } from '../components/ui/link';
import { PlaceholderPage } from '../components/ui/placeholder-page';

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
  const { type } = Route.useSearch();

  if (type === 'customer') {
    return (
      <PlaceholderPage
        title="Logowanie klienta"
        description="Zaloguj się, aby zobaczyć swoje karty lojalnościowe i historię."
      >
        <Text size="sm">
          Prowadzisz firmę?{' '}
          <AnchorLink to="/zaloguj" search={{}}>
            Zaloguj się do panelu firmy
          </AnchorLink>
        </Text>
      </PlaceholderPage>
    );
  }

  return (
    <PlaceholderPage title="Logowanie" description="Zaloguj się do panelu firmy.">
      <Text size="sm">
        Jesteś klientem?{' '}
        <AnchorLink to="/zaloguj" search={{ type: 'customer' }}>
          Przejdź do logowania klienta
        </AnchorLink>
        {' · '}
        <AnchorLink to="/stworz-konto">Nie masz konta? Zarejestruj się</AnchorLink>
      </Text>
    </PlaceholderPage>
  );
}
