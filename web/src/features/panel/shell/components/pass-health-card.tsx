import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../../lib/api/api-errors';
import { formatDateTime } from '../../../../lib/format-date';
import { passHealthQueryOptions } from '../api/pass-health';

function Figure({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={24}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/** Pass health: how many customers keep the card in Apple or Google Wallet, and updates that failed. */
export function PassHealthCard({ tenantId }: { tenantId: string }) {
  const health = useQuery(passHealthQueryOptions(tenantId));
  if (health.isPending)
    return <Skeleton h={140} role="status" aria-label="Ładowanie stanu kart w portfelach" />;
  if (health.isError)
    return (
      <Alert color="red" variant="light" title="Nie udało się pobrać stanu kart w portfelach">
        {errorMessage(health.error)}
      </Alert>
    );
  const { apple, google, failedUpdates, lastFailure } = health.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="pass-health-title">
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
