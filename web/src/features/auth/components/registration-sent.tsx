import { Alert, Button, Stack, Text } from '@mantine/core';
import { ButtonLink } from '../../../components/ui/link';
import { notify } from '../../../lib/notify-instance';
import { useResendActivation } from '../api/resend-activation';
import { useCaptcha } from '../hooks/use-captcha';

/** After registration: check your e-mail, with "wyślij ponownie" (resend-activation). */
export function RegistrationSent({ email, customer }: { email: string; customer: boolean }) {
  const resend = useResendActivation();
  const captcha = useCaptcha();

  const resendLink = async () => {
    try {
      const captchaToken = await captcha.getToken('resend_activation');
      const { message } = await resend.mutateAsync({ email, captchaToken });
      notify.success(message || 'Wysłaliśmy link ponownie.');
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <Stack gap="md">
      {/* true whether or not the address already had an account: the API answers both alike (no enumeration) */}
      <Alert color="punkto" variant="light" title="Link aktywacyjny wysłany">
        Wysłaliśmy wiadomość na adres <strong>{email}</strong>. Kliknij link aktywacyjny z tej wiadomości, aby
        aktywować konto (jest ważny przez 48 godzin). Jeśli konto z tym adresem już istnieje, w wiadomości
        znajdziesz, jak się zalogować.
      </Alert>
      <Text size="sm" c="dimmed">
        Nie widzisz wiadomości? Sprawdź folder spam albo wyślij link jeszcze raz.
      </Text>
      <Button variant="default" onClick={resendLink} loading={resend.isPending}>
        Wyślij ponownie
      </Button>
      <ButtonLink to="/zaloguj" search={customer ? { type: 'customer' } : {}} variant="subtle">
        Przejdź do logowania
      </ButtonLink>
    </Stack>
  );
}
