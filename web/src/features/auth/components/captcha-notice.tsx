import { Alert, Text } from '@mantine/core';
import type { CaptchaState } from '../hooks/use-captcha';
import { CAPTCHA_FAILED_MESSAGE } from '../utils/captcha-loader';
import { CaptchaErrorBoundary } from './captcha-error-boundary';

function CaptchaStatusText({ status }: { status: CaptchaState }) {
  if (status === 'failed') {
    return (
      <Alert color="yellow" variant="light" role="alert">
        {CAPTCHA_FAILED_MESSAGE}
      </Alert>
    );
  }
  // The widget is invisible (badge bottom-right); only a short note about the protection.
  return (
    <Text size="xs" c="dimmed">
      Formularz jest chroniony przez reCAPTCHA.
    </Text>
  );
}

/** Where a form shows the captcha's state; nothing at all when the captcha is off. */
export function CaptchaNotice({ status }: { status: CaptchaState }) {
  if (status === 'disabled') return null;
  return (
    <CaptchaErrorBoundary>
      <CaptchaStatusText status={status} />
    </CaptchaErrorBoundary>
  );
}
