import { Anchor } from '@mantine/core';
import { consentStore } from '../stores/consent-store-instance';

/** The footer's "Ustawienia cookies": reopens the consent dialog with the stored choice. */
export function CookieSettingsLink() {
  return (
    <Anchor component="button" type="button" size="sm" c="gray.7" onClick={consentStore.openDialog}>
      Ustawienia cookies
    </Anchor>
  );
}
