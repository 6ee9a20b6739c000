import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useCookieConsent } from '../hooks/use-cookie-consent';
import { consentDialogServedByPage } from '../static-dialog';
import { consentStore } from '../stores/consent-store-instance';
import { reserveBannerSpace } from '../../../lib/bottom-banner-space';
import {
  CONSENT_DIALOG_PAINT,
  NECESSARY_ONLY,
  choiceSavedBy,
  scheduleConsentPrompt,
  type ConsentCategory,
  type ConsentChoice,
  type ConsentSave,
} from '../utils/consent-cookie';

const categories = [
  {
    key: 'functional',
    label: 'Funkcjonalne',
    description: 'Zapamiętują Twoje ustawienia, np. ostatnio wybrane widoki.',
  },
  {
    key: 'analytics',
    label: 'Analityczne',
    description: 'Pomagają nam zrozumieć, jak korzystasz z Punkto, i wykrywać błędy aplikacji.',
  },
  {
    key: 'marketing',
    label: 'Marketingowe',
    description: 'Pozwalają pokazywać Ci dopasowane informacje o Punkto.',
  },
] as const satisfies readonly { key: ConsentCategory; label: string; description: string }[];

const descriptionStyles = { description: { color: 'var(--mantine-color-gray-7)' } };

/** The banner's stacking: above the page and the maintenance banner (150), below the bug-report button (190) and
 * every modal, drawer and popover (Mantine: 200 and up), so it never covers a dialog. */
export const COOKIE_BANNER_Z_INDEX = 180;

/**
 * The banner's content: a short text, the two one-tap choices, and the categories behind „Dostosuj wybór” (a
 * native `<details>`: it opens without a script). Each switch's input is named after its category and each
 * button says which choice it saves (`data-consent-save`), so the markup works without React too
 * (static-dialog.ts, on pages rendered at build time). `expanded`: the categories shown at once (reopened from
 * the footer to change a choice).
 */
export function CookieConsentPanel({
  choice,
  expanded = false,
  onChange,
  onSave,
}: {
  choice: ConsentChoice;
  expanded?: boolean;
  onChange: (category: ConsentCategory, checked: boolean) => void;
  onSave: (choice: ConsentChoice) => void;
}) {
  const banner = useRef<HTMLDivElement>(null);
  // the page keeps room for the banner at its end while it is shown (not run when rendered at build time)
  useEffect(() => (banner.current ? reserveBannerSpace(banner.current) : undefined), []);
  const button = (save: ConsentSave, label: string, variant: 'default' | 'light' | 'filled') => (
    <Button
      key={save}
      size="xs"
      variant={variant}
      data-consent-save={save}
      onClick={() => onSave(choiceSavedBy(save, choice))}
    >
      {label}
    </Button>
  );
  return (
    <Paper
      ref={banner}
      role="dialog"
      aria-modal="false"
      aria-label="Pliki cookies"
      data-testid="cookie-consent"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      px="md"
      py="sm"
      radius={0}
      shadow="xl"
      style={{
        zIndex: COOKIE_BANNER_Z_INDEX,
        borderTop: '1px solid var(--mantine-color-gray-3)',
        maxHeight: 'calc(100dvh - 64px)',
        overflowY: 'auto',
      }}
    >
      <Stack gap="xs" maw={1100} mx="auto">
        <Group gap="xs" justify="space-between" wrap="wrap">
          {/* elementtiming: the page starts its own requests once this text has been painted (start-when-needed) */}
          <Text
            size="sm"
            c="gray.8"
            style={{ flex: '1 1 20rem' }}
            {...{ elementtiming: CONSENT_DIALOG_PAINT }}
          >
            <Text span fw={700} inherit>
              Pliki cookies.
            </Text>{' '}
            Niezbędne działają zawsze, pozostałe tylko za Twoją zgodą.
          </Text>
          {/* on one row of a 360 px phone; wrapped rather than cut on anything narrower */}
          <Group gap="xs" wrap="wrap">
            {button('necessary', 'Tylko niezbędne', 'default')}
            {button('all', 'Akceptuję wszystkie', 'filled')}
          </Group>
        </Group>
        <details open={expanded}>
          <Text component="summary" size="sm" fw={600} c="teal.9" style={{ cursor: 'pointer' }}>
            Dostosuj wybór
          </Text>
          <Stack gap="sm" pt="sm">
            <Switch
              checked
              disabled
              label="Niezbędne (zawsze włączone)"
              description="Logowanie, bezpieczeństwo i zapamiętanie tego wyboru."
              styles={descriptionStyles}
            />
            {categories.map((category) => (
              <Switch
                key={category.key}
                name={category.key}
                checked={choice[category.key]}
                onChange={(event) => onChange(category.key, event.currentTarget.checked)}
                label={category.label}
                description={category.description}
                styles={descriptionStyles}
              />
            ))}
            <Group justify="flex-end">{button('choice', 'Zapisz wybór', 'light')}</Group>
          </Stack>
        </details>
      </Stack>
    </Paper>
  );
}

/**
 * SPEC §2/§3/§9 cookie consent: appears 1 s after load while no preference cookie exists; "Ustawienia
 * cookies" in the footer reopens it (with the categories shown). A compact banner, not a modal (ADR 0044): the
 * page stays usable and focus is not stolen; fixed at the bottom, under every dialog, with the page's end kept
 * clear of it. On a page whose markup came with the banner (pages rendered at build time), the page serves it
 * from that markup, before and after the app starts.
 */
export function CookieConsentDialog() {
  return consentDialogServedByPage() ? null : <LiveCookieConsentDialog />;
}

function LiveCookieConsentDialog() {
  const { preferences, dialogOpen: open } = useCookieConsent();
  // An external store's change renders at once, in one piece; deferred, the dialog renders in a transition
  // (small slices), so its appearance does not block a phone's main thread while the page is in use.
  const dialogOpen = useDeferredValue(open);
  const [choice, setChoice] = useState<ConsentChoice>(() => preferences ?? NECESSARY_ONLY);

  // the first prompt: only the preference read at start-up decides (a choice made meanwhile cancels it)
  useEffect(() => scheduleConsentPrompt(consentStore.getState().preferences, consentStore.openDialog), []);
  // reopening shows the stored choice
  useEffect(() => {
    if (dialogOpen) setChoice(consentStore.getState().preferences ?? NECESSARY_ONLY);
  }, [dialogOpen]);

  if (!dialogOpen) return null;
  return (
    <CookieConsentPanel
      choice={choice}
      expanded={preferences !== null}
      onChange={(category, checked) => setChoice((current) => ({ ...current, [category]: checked }))}
      onSave={consentStore.save}
    />
  );
}
