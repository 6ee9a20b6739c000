import { Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_RULE_MESSAGE, RegisterRequest, type JoinIntent } from '@punkto/contracts/identity';
import { Roles } from '@punkto/contracts/permissions';
import { AnchorLink } from '../../../components/ui/link';
import { isApiError } from '../../../lib/api/api-errors';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { useCaptcha } from '../hooks/use-captcha';
import { authStore } from '../stores/auth-store-instance';
import { CaptchaNotice } from './captcha-notice';
import { FormError } from '../../../components/ui/form-error';
import { PhoneInput } from '../../../components/ui/phone-input';
import { EmailInput } from '../../../components/ui/email-input';
import { PasswordForm } from './password-form';

type RegisterFormProps = {
  kind: 'firma' | 'klient';
  /** a customer signing up from a program's enrolment page: the activation link leads back to it */
  joining?: JoinIntent | undefined;
  /** where „Zaloguj się” leads after the login (the program's join page) */
  loginRedirect?: string | undefined;
  onRegistered: (email: string) => void;
};

/** Registration of a business owner or a customer; the account is activated from the e-mail. */
export function RegisterForm({ kind, joining, loginRedirect, onRegistered }: RegisterFormProps) {
  const captcha = useCaptcha();
  const form = useZodForm(RegisterRequest, {
    username: '',
    email: '',
    password: '',
    acceptTerms: false,
    marketingConsent: false,
    role: kind === 'firma' ? Roles.owner : Roles.customer,
    // customers only: an owner's registration carries no phone
    ...(kind === 'klient' && { phone: '' }),
  });

  const submit = form.onSubmit(async (data) => {
    const captchaToken = await captcha.getToken('register');
    try {
      await authStore.register({ ...data, ...(joining && { joining }), captchaToken });
      onRegistered(data.email);
    } catch (error) {
      // The state says 'Błąd podczas rejestracji' (SPEC §4); the form shows what exactly went wrong.
      if (isApiError(error) && error.isValidation) throw error;
      form.setFormError(
        isApiError(error) && error.localizedMessage
          ? error.localizedMessage
          : (authStore.getState().error ?? 'Błąd podczas rejestracji'),
      );
    }
  });

  return (
    <PasswordForm
      formRef={form.formRef}
      onSubmit={submit}
      label={kind === 'firma' ? 'Rejestracja firmy' : 'Rejestracja klienta'}
    >
      <Stack gap="md">
        <TextInput
          label={kind === 'firma' ? 'Imię i nazwisko właściciela' : 'Imię i nazwisko'}
          autoComplete="name"
          required
          {...form.getInputProps('username')}
        />
        <EmailInput required {...form.getInputProps('email')} />
        {kind === 'klient' ? <PhoneInput {...form.getInputProps('phone')} /> : null}
        <PasswordInput
          label="Hasło"
          description={PASSWORD_RULE_MESSAGE}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Checkbox
          label={
            <>
              Akceptuję{' '}
              <AnchorLink to="/regulamin" target="_blank" fz="inherit">
                regulamin
              </AnchorLink>{' '}
              serwisu Punkto
            </>
          }
          {...form.getCheckboxProps('acceptTerms')}
        />
        <Checkbox
          label="Chcę otrzymywać informacje o nowościach i promocjach (opcjonalnie)"
          {...form.getCheckboxProps('marketingConsent')}
        />
        <FormError message={form.formError} />
        <CaptchaNotice status={captcha.status} />
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          Załóż konto
        </Button>
        <Text size="sm" ta="center">
          Masz już konto?{' '}
          <AnchorLink
            to="/zaloguj"
            search={
              kind === 'klient' ? { type: 'customer', ...(loginRedirect && { redirect: loginRedirect }) } : {}
            }
          >
            Zaloguj się
          </AnchorLink>
        </Text>
      </Stack>
    </PasswordForm>
  );
}
