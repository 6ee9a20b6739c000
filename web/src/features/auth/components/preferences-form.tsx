import { Alert, Card, Skeleton, Stack, Switch, Title } from '@mantine/core';
import type { UserPreferences } from '@punkto/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api/api-errors';
import { notify } from '../../../lib/notify-instance';
import { useUpdateUserPreferences, userPreferencesQueryOptions } from '../api/user-preferences';

const switches: Array<{ key: keyof UserPreferences; label: string; description: string }> = [
  {
    key: 'emailNotifications',
    label: 'Powiadomienia e-mail',
    description: 'Informacje o punktach, nagrodach i zmianach na Twoich kartach.',
  },
  {
    key: 'companyMessages',
    label: 'Wiadomości od firm',
    description: 'Wiadomości od firm, w których masz karty (na karcie w portfelu i e-mailem).',
  },
  {
    key: 'surveys',
    label: 'Ankiety po wizycie',
    description:
      'Krótka, anonimowa ankieta e-mailem kilka godzin po wizycie (najwyżej raz na 30 dni w jednej firmie). Przychodzi tylko przy włączonych powiadomieniach e-mail.',
  },
  {
    key: 'marketingConsent',
    label: 'Informacje marketingowe',
    description: 'Nowości i promocje Punkto.',
  },
];

/** Notification and consent switches; each change is saved at once. */
export function PreferencesForm() {
  const preferences = useQuery(userPreferencesQueryOptions());
  const update = useUpdateUserPreferences();

  const toggle = (key: keyof UserPreferences, value: boolean) =>
    update.mutate(
      { [key]: value },
      {
        onSuccess: () => notify.success('Zapisano preferencje.'),
        onError: (error) => notify.fromError(error),
      },
    );

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Powiadomienia i zgody
        </Title>
        {preferences.isPending ? <Skeleton h={120} /> : null}
        {preferences.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(preferences.error)}
          </Alert>
        ) : null}
        {preferences.data
          ? switches.map(({ key, label, description }) => (
              <Switch
                key={key}
                label={label}
                description={description}
                checked={preferences.data[key]}
                disabled={update.isPending}
                onChange={(event) => toggle(key, event.currentTarget.checked)}
              />
            ))
          : null}
      </Stack>
    </Card>
  );
}
