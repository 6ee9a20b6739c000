import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IdentityErrors, LoginRequest } from '@punkto/contracts/identity';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../components/ui/link';
import { isApiError } from '../../../lib/api/api-errors';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { notify } from '../../../lib/notify-instance';
import { useResendActivation } from '../api/resend-activation';
import { useCaptcha } from '../hooks/use-captcha';
import { authStore } from '../stores/auth-store-instance';
import { afterLoginPath } from '../utils/guards';
import { CaptchaNotice } from './captcha-notice';
import { FormError } from '../../../components/ui/form-error';
import { EmailInput } from '../../../components/ui/email-input';
import { PasswordForm } from './password-form';

type LoginFormProps = { variant: 'business' | 'customer'; redirect?: string | undefined };

/** E-mail + password. After login: business → redirect target or /panel, customer → /klient. */
export function LoginForm({ variant, redirect }: LoginFormProps) {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const resend = useResendActivation();
  const [notActivated, setNotActivated] = useState(false);
  const form = useZodForm(LoginRequest, { email: '', password: '' });

  const submit = form.onSubmit(async ({ email, password }) => {
    setNotActivated(false);
    const captchaToken = await captcha.getToken('login');
    try {
      const user = await authStore.login({ email, password, captchaToken });
      if (!user) {
        form.setFormError(authStore.getState().error ?? 'Logowanie nie powiodło się');
        return;
      }
      await navigate({ to: afterLoginPath(user, redirect) });
    } catch (error) {
      if (isApiError(error) && error.code === IdentityErrors.accountNotActive.code) setNotActivated(true);
      // The state's error is the server's Polish message or 'Logowanie nie powiodło się' (SPEC §4).
      if (isApiError(error) && error.isValidation) form.setServerError(error);
      else form.setFormError(authStore.getState().error ?? 'Logowanie nie powiodło się');
    }
  });

  const resendActivation = async () => {
    try {
      const captchaToken = await captcha.getToken('resend_activation');
      const { message } = await resend.mutateAsync({ email: form.values.email, captchaToken });
      notify.success(message || 'Jeśli konto istnieje, wysłaliśmy nowy link aktywacyjny.');
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <PasswordForm
      formRef={form.formRef}
      onSubmit={submit}
      label={variant === 'customer' ? 'Logowanie klienta' : 'Logowanie'}
    >
      <Stack gap="md">
        <EmailInput required {...form.getInputProps('email')} />
        <PasswordInput
          label="Hasło"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <FormError message={form.formError} />
        {notActivated ? (
          <Button variant="light" onClick={resendActivation} loading={resend.isPending}>
            Wyślij link aktywacyjny ponownie
          </Button>
        ) : null}
        <AnchorLink to="/przypomnij-haslo" size="sm" ta="right">
          Nie pamiętasz hasła?
        </AnchorLink>
        <CaptchaNotice status={captcha.status} />
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          Zaloguj się
        </Button>
        <Text size="sm" ta="center">
          Nie masz konta?{' '}
          <AnchorLink to="/stworz-konto" search={variant === 'customer' ? { typ: 'klient' } : {}}>
            Załóż konto
          </AnchorLink>
        </Text>
      </Stack>
    </PasswordForm>
  );
}
