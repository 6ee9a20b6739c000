import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../../lib/api/api-errors';
import { formatDateTime } from '../../../../lib/format-date';
import { passHealthQueryOptions } from '../api/pass-health';

/** A figure; while it loads, its value and hint are skeletons of their own size (nothing moves when they come). */
function Figure({ label, value, hint }: { label: string; value: number | null; hint: string }) {
  const loading = value === null;
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Skeleton visible={loading} w={loading ? '3ch' : undefined}>
        <Text fw={700} fz={24}>
          {value ?? 0}
        </Text>
      </Skeleton>
      <Skeleton visible={loading}>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Skeleton>
    </Stack>
  );
}

/** Pass health: how many customers keep the card in Apple or Google Wallet, and updates that failed. */
export function PassHealthCard({ tenantId }: { tenantId: string }) {
  const health = useQuery(passHealthQueryOptions(tenantId));
  if (health.isError)
    return (
      <Alert color="red" variant="light" title="Nie udało się pobrać stanu kart w portfelach">
        {errorMessage(health.error)}
      </Alert>
    );
  // while loading: the same card, its figures as skeletons (a smaller placeholder pushed the page down)
  const data = health.data;
  const none = { installed: null, added: 0, removed: 0 };
  const { apple, google } = data ?? { apple: none, google: none };
  const failedUpdates = data ? data.failedUpdates : null;
  const lastFailure = data?.lastFailure;
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="pass-health-title"
      aria-busy={data ? undefined : true}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="pass-health-title">
            Karty w portfelach
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Figure
            label="Apple Wallet"
            value={apple.installed}
            hint={`dodane: ${apple.added}, usunięte: ${apple.removed}`}
          />
          <Figure
            label="Google Wallet"
            value={google.installed}
            hint={`zapisane: ${google.added}, usunięte: ${google.removed}`}
          />
          <Figure
            label="Nieudane aktualizacje"
            value={failedUpdates}
            hint="zmiany, które nie dotarły do telefonów"
          />
        </SimpleGrid>
        {lastFailure ? (
          <Text size="sm" c="dimmed">
            Ostatni błąd: {lastFailure.reason} ({formatDateTime(lastFailure.at)})
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
