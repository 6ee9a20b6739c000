import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MessageErrors } from '@punkto/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../lib/api/api-errors';
import { unsubscribeQueryOptions, useUnsubscribe } from '../api/unsubscribe';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Punkto`);
  return (
    <Container size={480} px="md" py="xl">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}

const cardsStay = 'Karta i punkty działają bez zmian — wypisanie dotyczy tylko e-maili od tej firmy.';

/**
 * /wypisz?token=…: the unsubscribe link of a company's e-mail, on the phone, without an account: the company
 * and the (masked) address, one button, then the server's confirmation. An unknown link says so.
 */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  if (!token)
    return (
      <Frame title="Nieprawidłowy link">
        <Alert color="yellow" variant="light">
          {MessageErrors.unsubscribeNotFound.message}
        </Alert>
      </Frame>
    );
  return <Unsubscribe token={token} />;
}

function Unsubscribe({ token }: { token: string }) {
  const view = useQuery(unsubscribeQueryOptions(token));
  const unsubscribe = useUnsubscribe(token);

  if (view.isPending)
    return (
      <Frame title="Wypisanie z e-maili">
        <Group justify="center" py="lg">
          <Loader aria-label="Wczytywanie" />
        </Group>
      </Frame>
    );
  if (view.isError) {
    const unknown = isApiError(view.error) && view.error.status === 404;
    return (
      <Frame title={unknown ? 'Nieprawidłowy link' : 'Nie udało się otworzyć linku'}>
        <Alert color={unknown ? 'yellow' : 'red'} variant="light">
          {errorMessage(view.error)}
        </Alert>
      </Frame>
    );
  }

  if (unsubscribe.isSuccess)
    return (
      <Frame title="Wypisano">
        <Alert color="green" variant="light" role="status">
          {unsubscribe.data.message}
        </Alert>
        <Text size="sm" c="dimmed">
          Jeśli masz konto klienta, wiadomości od firm możesz też wyłączyć w ustawieniach konta („Wiadomości
          od firm”).
        </Text>
      </Frame>
    );

  const { companyName, maskedEmail, subscribed } = view.data;
  if (!subscribed)
    return (
      <Frame title="Już wypisano">
        <Text>
          Adres <strong>{maskedEmail}</strong> nie dostaje już e-maili od <strong>{companyName}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          {cardsStay}
        </Text>
      </Frame>
    );

  return (
    <Frame title="Wypisanie z e-maili">
      <Text>
        Nie chcesz dostawać wiadomości e-mail od <strong>{companyName}</strong> na adres{' '}
        <strong>{maskedEmail}</strong>?
      </Text>
      <Text size="sm" c="dimmed">
        {cardsStay}
      </Text>
      {unsubscribe.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(unsubscribe.error)}
        </Alert>
      ) : null}
      <Button size="lg" fullWidth loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
        Wypisz mnie
      </Button>
    </Frame>
  );
}
