import { Alert, Button, Stack, Text } from '@mantine/core';
import { EmailRequest } from '@punkto/contracts/identity';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../components/ui/link';
import { useInitiatePasswordReset } from '../features/auth/api/initiate-password-reset';
import { AuthCard } from '../features/auth/components/auth-card';
import { CaptchaNotice } from '../features/auth/components/captcha-notice';
import { FormError } from '../components/ui/form-error';
import { useCaptcha } from '../features/auth/hooks/use-captcha';
import { useZodForm } from '../lib/form/use-zod-form';
import { EmailInput } from '../components/ui/email-input';

export const Route = createFileRoute('/przypomnij-haslo')({
  component: ForgotPasswordPage,
});

/** Always the same answer: it must not reveal whether an account exists. */
const NEUTRAL_MESSAGE =
  'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do ustawienia nowego hasła. Link jest ważny przez godzinę.';

function ForgotPasswordPage() {
  const initiate = useInitiatePasswordReset();
  const captcha = useCaptcha();
  const [sent, setSent] = useState(false);
  const form = useZodForm(EmailRequest, { email: '' });

  const submit = form.onSubmit(async ({ email }) => {
    const captchaToken = await captcha.getToken('password_reset');
    await initiate.mutateAsync({ email, captchaToken });
    setSent(true);
  });

  return (
    <AuthCard
      title="Przypomnij hasło"
      description="Podaj adres e-mail, a wyślemy link do ustawienia nowego hasła."
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="punkto" variant="light" title="Sprawdź skrzynkę e-mail">
            {NEUTRAL_MESSAGE}
          </Alert>
          <AnchorLink to="/zaloguj">Wróć do logowania</AnchorLink>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Przypomnienie hasła">
          <Stack gap="md">
            <EmailInput {...form.getInputProps('email')} />
            <FormError message={form.formError} />
            <CaptchaNotice status={captcha.status} />
            <Button type="submit" loading={form.submitting} fullWidth size="md">
              Wyślij link
            </Button>
            <Text size="sm" ta="center">
              <AnchorLink to="/zaloguj">Wróć do logowania</AnchorLink>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
