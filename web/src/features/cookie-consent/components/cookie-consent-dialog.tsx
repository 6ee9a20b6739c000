import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useCookieConsent } from '../hooks/use-cookie-consent';
import { consentDialogServedByPage } from '../static-dialog';
import { consentStore } from '../stores/consent-store-instance';
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

const saveButtons = [
  { save: 'necessary', label: 'Tylko niezbędne', variant: 'default' },
  { save: 'choice', label: 'Zapisz wybór', variant: 'light' },
  { save: 'all', label: 'Akceptuję wszystkie', variant: 'filled' },
] as const satisfies readonly { save: ConsentSave; label: string; variant: string }[];

const descriptionStyles = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * The dialog's content. Each switch's input is named after its category and each button says which choice it
 * saves (`data-consent-save`), so the markup works without React too (static-dialog.ts, on the landing page).
 */
export function CookieConsentPanel({
  choice,
  onChange,
  onSave,
}: {
  choice: ConsentChoice;
  onChange: (category: ConsentCategory, checked: boolean) => void;
  onSave: (choice: ConsentChoice) => void;
}) {
  const titleId = useId();
  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="cookie-consent"
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={640}
      mx="auto"
      p="lg"
      radius="lg"
      shadow="xl"
      withBorder
      style={{ zIndex: 300, maxHeight: 'calc(100dvh - 32px)', overflowY: 'auto' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId}>
            Pliki cookies
          </Title>
          {/* elementtiming: the page starts its own requests once this text has been painted (start-when-needed) */}
          <Text size="sm" c="gray.8" {...{ elementtiming: CONSENT_DIALOG_PAINT }}>
            Używamy plików cookies niezbędnych do działania serwisu. Za Twoją zgodą użyjemy też cookies
            funkcjonalnych, analitycznych i marketingowych. Wybór możesz zmienić w każdej chwili w stopce
            („Ustawienia cookies”).
          </Text>
        </Stack>
        <Stack gap="sm">
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
        </Stack>
        <Group gap="sm" justify="flex-end">
          {saveButtons.map(({ save, label, variant }) => (
            <Button
              key={save}
              variant={variant}
              data-consent-save={save}
              onClick={() => onSave(choiceSavedBy(save, choice))}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * SPEC §2/§3/§9 cookie consent: appears 1 s after load while no preference cookie exists; "Ustawienia
 * cookies" in the footer reopens it. Non-modal (the page stays usable and focus is not stolen), fixed at
 * the bottom above the maintenance banner and the bug-report button. On a page whose markup came with the
 * dialog (the landing page), the page serves it from that markup, before and after the app starts.
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
      onChange={(category, checked) => setChoice((current) => ({ ...current, [category]: checked }))}
      onSave={consentStore.save}
    />
  );
}
