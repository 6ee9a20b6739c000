import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CheckNow } from '../../../components/ui/check-now';
import { AnchorLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api/api-errors';
import { serviceStatusQueryOptions } from '../api/get-service-status';
import { STATE_LABELS, summarize, toStatusRows, type ServiceState } from '../utils/status-rows';

/** Filled badges dark enough for white text to pass WCAG AA contrast (green 9 does not: 4.4:1). */
const STATE_COLORS: Record<ServiceState, string> = { up: 'punkto.9', down: 'red.9', unknown: 'gray.7' };

/** The alerts' titles in the text colour: Mantine's tinted titles fall below 4.5:1 on the tinted background. */
const alertStyles = { title: { color: 'var(--mantine-color-text)' } };

/**
 * `/status`: the live state of Punkto's services, asked of the gateway every 30 seconds; when the gateway
 * itself does not answer, the page says the connection to Punkto is down.
 */
export function StatusBoard() {
  const { data, error, isFetching, isPending, isError, refetch, dataUpdatedAt, errorUpdatedAt } =
    useQuery(serviceStatusQueryOptions());
  // the latest check decides: an earlier answer must not make a failed check look healthy
  const failedLast = isError && errorUpdatedAt >= dataUpdatedAt;
  const reachable = !failedLast;
  const rows = toStatusRows(data, reachable);
  const summary = summarize(rows, reachable, !isPending);
  const lastChecked = failedLast ? errorUpdatedAt : data ? Date.parse(data.checkedAt) : 0;

  return (
    <Stack gap="lg" maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <PageHeader
        title="Status usług"
        description="Bieżąca dostępność usług Punkto. Strona odświeża się automatycznie co 30 sekund."
      />

      <div role="status" aria-live="polite" data-testid="status-summary">
        {summary === 'checking' ? (
          <Alert color="gray" variant="light" styles={alertStyles} title="Sprawdzamy usługi…" />
        ) : summary === 'unreachable' ? (
          <Alert color="red" variant="light" styles={alertStyles} title="Brak połączenia z Punkto">
            Nie udało się połączyć z serwerem Punkto ({errorMessage(error)}). Sprawdź połączenie z internetem
            albo spróbuj ponownie za chwilę. Karty zapisane w portfelu telefonu działają także bez połączenia.
          </Alert>
        ) : summary === 'all-up' ? (
          <Alert color="green" variant="light" styles={alertStyles} title="Wszystkie usługi działają">
            Punkto działa bez zakłóceń.
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" styles={alertStyles} title="Część usług jest niedostępna">
            Pracujemy nad przywróceniem działania. Karty w portfelu telefonu działają bez przerwy, a punkty
            przyznane w tym czasie można dopisać później.
          </Alert>
        )}
      </div>

      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Usługi Punkto" data-testid="service-list">
        {rows.map((row) => (
          <Card
            key={row.name}
            component="li"
            withBorder
            padding="md"
            style={{ listStyle: 'none' }}
            data-service={row.name}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
              <Stack gap={2}>
                <Text fw={700}>{row.label}</Text>
                {row.description ? (
                  <Text size="sm" c="dimmed">
                    {row.description}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Badge
                  color={STATE_COLORS[row.state]}
                  variant="filled"
                  size="lg"
                  tt="none"
                  data-testid="service-state"
                >
                  {STATE_LABELS[row.state]}
                </Badge>
                {row.state === 'up' && row.latencyMs !== undefined ? (
                  <Text size="xs" c="dimmed">
                    odpowiedź w {row.latencyMs} ms
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>

      <CheckNow onCheck={() => void refetch()} checking={isFetching} checkedAt={lastChecked} />

      <Text size="sm" c="dimmed">
        Planowane prace techniczne ogłaszamy na stronie{' '}
        <AnchorLink underline="always" to="/status-konserwacji">
          przerwy technicznej
        </AnchorLink>
        . Masz problem, którego tu nie widać? Zajrzyj do{' '}
        <AnchorLink underline="always" to="/pomoc">
          pomocy
        </AnchorLink>
        .
      </Text>
    </Stack>
  );
}
