import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_RULE_MESSAGE, Password } from '@punkto/contracts/identity';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { AnchorLink, ButtonLink } from '../components/ui/link';
import { useResetPassword } from '../features/auth/api/reset-password';
import { AuthCard } from '../features/auth/components/auth-card';
import { FormError } from '../features/auth/components/form-error';
import { useZodForm } from '../lib/form/use-zod-form';

const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
});

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
  const { token } = Route.useSearch();
  return (
    <AuthCard title="Ustaw nowe hasło" description="Wpisz nowe hasło do swojego konta.">
      {token ? (
        <NewPassword token={token} />
      ) : (
        <Alert color="yellow" variant="light">
          Link do zmiany hasła jest niepełny. Otwórz go ponownie z wiadomości e-mail.
        </Alert>
      )}
    </AuthCard>
  );
}

function NewPassword({ token }: { token: string }) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const form = useZodForm(NewPasswordForm, { newPassword: '', confirmPassword: '' });

  const submit = form.onSubmit(async ({ newPassword }) => {
    await reset.mutateAsync({ token, newPassword });
    setDone(true);
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title="Hasło zostało zmienione">
          Możesz się teraz zalogować nowym hasłem.
        </Alert>
        <ButtonLink to="/zaloguj" size="md">
          Zaloguj się
        </ButtonLink>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Nowe hasło">
      <Stack gap="md">
        <PasswordInput
          label="Nowe hasło"
          description={PASSWORD_RULE_MESSAGE}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Powtórz nowe hasło"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <FormError message={form.formError} />
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          Ustaw hasło
        </Button>
        {form.formError ? <AnchorLink to="/przypomnij-haslo">Wyślij nowy link</AnchorLink> : null}
      </Stack>
    </form>
  );
}
