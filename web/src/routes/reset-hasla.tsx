import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { PASSWORD_RULE_MESSAGE, Password } from '@punkto/contracts/identity';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { AnchorLink } from '../components/ui/link';
import { useResetPassword } from '../features/auth/api/reset-password';
import { AuthCard } from '../features/auth/components/auth-card';
import { ReadyToSignIn } from '../features/auth/components/ready-to-sign-in';
import { FormError } from '../components/ui/form-error';
import { useZodForm } from '../lib/form/use-zod-form';
import { textParam } from '../lib/search-params';

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
  /**
   * An account a company created (identity's invitation e-mail: `zaproszenie=1`): setting the password also
   * activates it. `pracownik` / `klient` name who was invited, for a more precise text.
   */
  zaproszenie: textParam(z.enum(['1', 'pracownik', 'klient']))
    .optional()
    .catch(undefined),
});

type Invitation = z.infer<typeof searchSchema>['zaproszenie'];

const invitationCopy: Record<NonNullable<Invitation>, string> = {
  // links sent before customers got their own `klient` link say `1`: a text true for both
  '1': 'Ustaw hasło, aby aktywować konto, które założyła dla Ciebie firma.',
  pracownik: 'Ustaw hasło, aby aktywować konto pracownika.',
  klient: 'Ustaw hasło, aby aktywować konto klienta i zobaczyć swoją kartę lojalnościową.',
};

const NewPasswordForm = z
  .object({ newPassword: Password, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Hasła nie są takie same.',
    path: ['confirmPassword'],
  });

export const Route = createFileRoute('/reset-hasla')({
  validateSearch: searchSchema,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token, zaproszenie } = Route.useSearch();
  return (
    <AuthCard
      title={zaproszenie ? 'Aktywuj konto' : 'Ustaw nowe hasło'}
      description={zaproszenie ? invitationCopy[zaproszenie] : 'Wpisz nowe hasło do swojego konta.'}
    >
      {token ? (
        <NewPassword
          token={token}
          invitation={zaproszenie !== undefined}
          customer={zaproszenie === 'klient'}
        />
      ) : (
        <Alert color="yellow" variant="light">
          Link do zmiany hasła jest niepełny. Otwórz go ponownie z wiadomości e-mail.
        </Alert>
      )}
    </AuthCard>
  );
}

function NewPassword({
  token,
  invitation,
  customer,
}: {
  token: string;
  invitation: boolean;
  customer: boolean;
}) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useZodForm(NewPasswordForm, { newPassword: '', confirmPassword: '' });

  const submit = form.onSubmit(async ({ newPassword }) => {
    await reset.mutateAsync({ token, newPassword });
    setDone(true);
  });

  if (done) {
    return (
      <ReadyToSignIn
        title={invitation ? 'Konto jest aktywne' : 'Hasło zostało zmienione'}
        customer={customer}
      >
        {invitation
          ? 'Hasło ustawione. Możesz się teraz zalogować.'
          : 'Możesz się teraz zalogować nowym hasłem.'}
      </ReadyToSignIn>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={invitation ? 'Ustawienie hasła' : 'Nowe hasło'}>
      <Stack gap="md">
        <PasswordInput
          label={invitation ? 'Hasło' : 'Nowe hasło'}
          description={PASSWORD_RULE_MESSAGE}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={invitation ? 'Powtórz hasło' : 'Powtórz nowe hasło'}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <FormError message={form.formError} />
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          Ustaw hasło
        </Button>
        {form.formError ? (
          invitation ? (
            <Text size="sm" c="dimmed">
              Link z zaproszenia wygasł lub został już użyty? Poproś firmę o ponowne wysłanie zaproszenia albo{' '}
              <AnchorLink to="/przypomnij-haslo">wyślij link do zmiany hasła</AnchorLink>.
            </Text>
          ) : (
            <AnchorLink to="/przypomnij-haslo">Wyślij nowy link</AnchorLink>
          )
        ) : null}
      </Stack>
    </form>
  );
}
