import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ButtonLink } from '../components/ui/link';
import { activateAccountQueryOptions } from '../features/auth/api/activate-account';
import { AuthCard } from '../features/auth/components/auth-card';
import { ReadyToSignIn } from '../features/auth/components/ready-to-sign-in';
import { joinPageHref } from '../features/join/utils/join-view';
import { errorMessage } from '../lib/api/api-errors';
import { enrolmentLinkIdParam } from '../lib/search-params';

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
  /** `email`: the link confirms a changed e-mail address rather than a new account */
  cel: z.enum(['email']).optional().catch(undefined),
  /** a customer who signed up from a program's enrolment page: that program and its company (issue 33) */
  program: enrolmentLinkIdParam,
  firma: enrolmentLinkIdParam,
});

export const Route = createFileRoute('/aktywacja-konta')({
  validateSearch: searchSchema,
  component: ActivateAccountPage,
});

function ActivateAccountPage() {
  const { token, cel, program, firma } = Route.useSearch();
  const emailChange = cel === 'email';
  const joinPage = !emailChange && program && firma ? joinPageHref(program, firma) : undefined;
  return (
    <AuthCard
      title={emailChange ? 'Potwierdzenie adresu e-mail' : 'Aktywacja konta'}
      description={emailChange ? 'Potwierdzamy Twój nowy adres e-mail.' : 'Potwierdzamy Twój adres e-mail.'}
    >
      {token ? (
        <Activation token={token} emailChange={emailChange} joinPage={joinPage} />
      ) : (
        <Alert color="yellow" variant="light">
          Link jest niepełny. Otwórz go ponownie z wiadomości e-mail.
        </Alert>
      )}
    </AuthCard>
  );
}

function Activation({
  token,
  emailChange,
  joinPage,
}: {
  token: string;
  emailChange: boolean;
  /** the program's join page the customer signed up from: the login leads back to it */
  joinPage: string | undefined;
}) {
  const activation = useQuery(activateAccountQueryOptions(token));

  if (activation.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader aria-label="Trwa aktywacja…" />
      </Center>
    );
  }
  if (activation.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="Nie udało się potwierdzić">
          {errorMessage(activation.error)}
        </Alert>
        <Text size="sm" c="dimmed">
          Link mógł wygasnąć albo został już użyty. Spróbuj się zalogować — jeśli konto nie jest aktywne,
          wyślemy nowy link.
        </Text>
        <ButtonLink to="/zaloguj" variant="default">
          Przejdź do logowania
        </ButtonLink>
      </Stack>
    );
  }
  const customer = activation.data.customer === true;
  const joining = customer && joinPage !== undefined;
  return (
    <ReadyToSignIn
      title={emailChange ? 'Adres e-mail został zmieniony' : 'Konto jest aktywne'}
      customer={customer}
      redirect={joining ? joinPage : undefined}
    >
      {emailChange
        ? 'Od teraz logujesz się nowym adresem e-mail.'
        : joining
          ? 'Dziękujemy za potwierdzenie adresu e-mail. Zaloguj się, a wrócisz do programu, do którego dołączasz.'
          : 'Dziękujemy za potwierdzenie adresu e-mail. Możesz się teraz zalogować.'}
    </ReadyToSignIn>
  );
}
