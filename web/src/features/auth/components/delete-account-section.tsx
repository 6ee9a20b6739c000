import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { DeleteAccountRequest } from '@punkto/contracts/identity';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { notify } from '../../../lib/notify-instance';
import { useDeleteAccount } from '../api/delete-account';
import { authStore } from '../stores/auth-store-instance';
import { DangerConfirmModal } from '../../../components/ui/danger-confirm-modal';

/** Account deletion, confirmed with the password in a modal; afterwards: signed out, toast, home. */
export function DeleteAccountSection() {
  const [opened, modal] = useDisclosure(false);
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const form = useZodForm(DeleteAccountRequest, { password: '' });

  const submit = form.onSubmit(async ({ password }) => {
    await deleteAccount.mutateAsync({ password });
    modal.close();
    authStore.signedOut();
    await navigate({ to: '/' });
    notify.success('Twoje konto zostało usunięte.');
  });

  const close = () => {
    form.reset();
    modal.close();
  };

  return (
    <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h4">
          Usuń konto
        </Title>
        <Text size="sm" c="dimmed">
          Usunięcie konta jest nieodwracalne: stracisz karty lojalnościowe, punkty i historię.
        </Text>
        <Button color="red" variant="light" onClick={modal.open}>
          Usuń konto
        </Button>
      </Stack>
      <DangerConfirmModal
        opened={opened}
        onClose={close}
        title="Usunąć konto na zawsze?"
        formLabel="Potwierdzenie usunięcia konta"
        onSubmit={submit}
        error={form.formError}
        submitting={form.submitting}
        submitLabel="Usuń konto na zawsze"
      >
        <Text size="sm">
          Twoje karty, punkty i historia zostaną usunięte i nie będzie można ich odzyskać. Wpisz hasło, aby
          potwierdzić.
        </Text>
        <PasswordInput
          label="Hasło"
          autoComplete="current-password"
          data-autofocus
          {...form.getInputProps('password')}
        />
      </DangerConfirmModal>
    </Card>
  );
}
