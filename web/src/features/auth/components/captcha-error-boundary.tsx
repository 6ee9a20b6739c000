import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { captchaReporter } from '../hooks/use-captcha';

export const CAPTCHA_WARNING_TITLE = 'Ostrzeżenie dotyczące zabezpieczeń';

/** SPEC §8: the captcha's error boundary, with a reload button. */
export function CaptchaWarning() {
  return (
    <Alert color="yellow" variant="light" title={CAPTCHA_WARNING_TITLE} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Nie udało się załadować systemu weryfikacji zabezpieczeń. Bezpieczeństwo formularza może być
          ograniczone. Odśwież stronę, a jeśli problem się powtarza, skontaktuj się z pomocą techniczną.
        </Text>
        <Button size="xs" variant="light" color="yellow" onClick={() => window.location.reload()}>
          Odśwież stronę
        </Button>
      </Stack>
    </Alert>
  );
}

type Props = { children: ReactNode };

export class CaptchaErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    captchaReporter({
      type: 'script_load_failed',
      level: 'error',
      message: `reCAPTCHA component crashed: ${error.message}`,
      cause: info.componentStack ?? error,
    });
  }

  override render() {
    return this.state.failed ? <CaptchaWarning /> : this.props.children;
  }
}
