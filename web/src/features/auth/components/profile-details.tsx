import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Email, Username } from '@punkto/contracts/identity';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { notify } from '../../../lib/notify-instance';
import { useResendEmailConfirmation } from '../api/resend-email-confirmation';
import { useUpdateUser } from '../api/update-user';
import type { AuthUser } from '../types';
import { FormError } from '../../../components/ui/form-error';

const NameForm = z.object({ username: Username });
const EmailForm = z.object({ email: Email });

/** /klient/profil: name, and an e-mail change that applies after the new address is confirmed. */
export function ProfileDetails({ user }: { user: AuthUser }) {
  const updateUser = useUpdateUser();
  const resend = useResendEmailConfirmation();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const nameForm = useZodForm(NameForm, { username: user.username });
  const emailForm = useZodForm(EmailForm, { email: '' });

  const saveName = nameForm.onSubmit(async ({ username }) => {
    await updateUser.mutateAsync({ username });
    notify.success('Zapisano zmiany.');
  });

  const changeEmail = emailForm.onSubmit(async ({ email }) => {
    if (email === user.email) {
      emailForm.setFormError('To jest Twój obecny adres e-mail.');
      return;
    }
    await updateUser.mutateAsync({ email });
    setPendingEmail(email);
    emailForm.reset();
  });

  const resendConfirmation = async () => {
    try {
      const { message } = await resend.mutateAsync();
      notify.success(message || 'Wysłaliśmy link ponownie.');
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Zalogowano jako
          </Text>
          <Text fw={700} size="lg">
            {user.username}
          </Text>
          <Text>{user.email}</Text>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <form onSubmit={saveName} noValidate aria-label="Imię i nazwisko">
          <Stack gap="md">
            <Title order={2} size="h4">
              Imię i nazwisko
            </Title>
            <TextInput label="Imię i nazwisko" autoComplete="name" {...nameForm.getInputProps('username')} />
            <FormError message={nameForm.formError} />
            <Group>
              <Button type="submit" loading={nameForm.submitting}>
                Zapisz
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg">
        <form onSubmit={changeEmail} noValidate aria-label="Zmiana adresu e-mail">
          <Stack gap="md">
            <Title order={2} size="h4">
              Adres e-mail
            </Title>
            <Text size="sm" c="dimmed">
              Wyślemy link potwierdzający na nowy adres. Do czasu potwierdzenia logujesz się obecnym adresem.
            </Text>
            {pendingEmail ? (
              <Alert color="punkto" variant="light" title="Potwierdź nowy adres">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    Wysłaliśmy wiadomość na adres <strong>{pendingEmail}</strong>. Adres konta zmieni się po
                    kliknięciu linku z tej wiadomości.
                  </Text>
                  <Button size="xs" variant="light" onClick={resendConfirmation} loading={resend.isPending}>
                    Wyślij ponownie
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            <TextInput
              label="Nowy adres e-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              {...emailForm.getInputProps('email')}
            />
            <FormError message={emailForm.formError} />
            <Group>
              <Button type="submit" variant="default" loading={emailForm.submitting}>
                Zmień adres e-mail
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
