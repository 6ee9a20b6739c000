import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { DangerConfirmModal } from '../../../../components/ui/danger-confirm-modal';
import { errorMessage } from '../../../../lib/api/api-errors';
import { notify } from '../../../../lib/notify-instance';
import { useRemoveClient } from '../api/clients';

/**
 * „Usuń klienta” on the client's page (permission „Dodawanie i edycja klientów”): after a confirmation that
 * says what it means, the client leaves the company — the card is closed, the points and stamps are gone, the
 * contact data is deleted; the customer's own Punkto account stays.
 */
export function RemoveClientSection({
  tenantId,
  clientId,
  name,
  hasAccount,
}: {
  tenantId: string;
  clientId: string;
  name: string;
  /** false for a phone-only client (ADR 0056): there is no account to keep */
  hasAccount: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveClient(tenantId);
  const navigate = useNavigate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync(clientId);
      notify.success('Klient został usunięty z firmy.');
      await navigate({ to: '/panel/klienci' });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="client-remove-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-remove-title">
          Usunięcie klienta
        </Title>
        <Text size="sm" c="dimmed">
          Klient zniknie z listy, a jego karta zostanie zamknięta.
          {hasAccount ? ' Konto klienta w Punkto zostaje.' : null}
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setOpened(true)}>
            Usuń klienta
          </Button>
        </Group>
      </Stack>
      <DangerConfirmModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Usunąć klienta ${name}?`}
        formLabel="Usunięcie klienta"
        onSubmit={(event) => void submit(event)}
        error={error}
        submitting={remove.isPending}
        submitLabel="Usuń klienta"
      >
        <Text size="sm">
          {hasAccount
            ? 'Karta lojalnościowa tego klienta zostanie zamknięta — zebrane punkty, pieczątki i nagrody przepadną, ' +
              'a karta w portfelu telefonu przestanie działać. Jego imię, e-mail i telefon usuniemy z danych firmy.'
            : 'Karta lojalnościowa tego klienta zostanie zamknięta — zebrane punkty, pieczątki i nagrody przepadną. ' +
              'Jego imię i telefon usuniemy z danych firmy.'}{' '}
          Tego nie można cofnąć; klient może później dołączyć ponownie jako nowy.
        </Text>
      </DangerConfirmModal>
    </Card>
  );
}
