import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { awardLabel, formatSeenAt, type QueuedAward } from '../offline/offline-queue';
import { useOfflineScanner } from '../offline/use-offline-scanner';

export const OFFLINE_BANNER_TEXT =
  'Punkty i pieczątki zapiszemy i wyślemy automatycznie po powrocie połączenia. Nagrody wydasz po jego powrocie.';

/** Said plainly while there is no connection: what still works and what waits. */
export function OfflineBanner() {
  const { offline, queue } = useOfflineScanner();
  if (!offline) return null;
  return (
    <Alert color="yellow" variant="light" title="Brak połączenia" role="status" aria-label="Brak połączenia">
      <Stack gap={4}>
        <Text size="sm">{OFFLINE_BANNER_TEXT}</Text>
        <Text size="sm">
          Karty sprawdzone w ciągu ostatnich 12 godzin znajdziesz po numerze lub kodzie QR.
        </Text>
        {queue.length > 0 ? (
          <Text size="sm" fw={600}>
            W kolejce: {queue.length}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function who(entry: QueuedAward): string {
  return `${entry.customerName ?? 'Klient'} · karta ${entry.cardNumber}`;
}

/** Queued awards as a list: what, for whom, when saved; `children` adds what an entry needs besides. */
function AwardList({
  label,
  entries,
  now,
  children,
}: {
  label: string;
  entries: QueuedAward[];
  now: number;
  children?: (entry: QueuedAward) => ReactNode;
}) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
      {entries.map((entry) => (
        <Card component="li" key={entry.id} withBorder padding="sm" radius="md" aria-label={who(entry)}>
          <Stack gap={6}>
            <div>
              <Text fw={600} size="sm">
                {awardLabel(entry.award)}
              </Text>
              <Text size="sm" c="dimmed">
                {who(entry)} · zapisano {formatSeenAt(entry.queuedAt, now)}
              </Text>
            </div>
            {children?.(entry)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The awards waiting for the connection, and those the server refused after it came back. */
export function OfflineQueue() {
  const { queue, refused, offline, replaying, replayNow, dismiss, sendAgain } = useOfflineScanner();
  if (queue.length === 0 && refused.length === 0) return null;
  const now = Date.now();
  return (
    <Stack gap="md">
      {queue.length > 0 ? (
        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scanner-queue">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <Title order={2} size="h4" id="scanner-queue">
                  Kolejka do wysłania
                </Title>
                <Badge size="lg" color="yellow" variant="filled" data-testid="scanner-queue-count">
                  {queue.length}
                </Badge>
              </Group>
              {!offline ? (
                <Button size="xs" variant="light" onClick={replayNow} loading={replaying}>
                  Wyślij teraz
                </Button>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              Wyślemy je po kolei, gdy wróci połączenie. Każda operacja ma swój klucz, więc nic nie zostanie
              zaksięgowane dwa razy.
            </Text>
            <AwardList label="Kolejka do wysłania" entries={queue} now={now} />
          </Stack>
        </Card>
      ) : null}

      {refused.length > 0 ? (
        <Card
          withBorder
          padding="lg"
          radius="md"
          component="section"
          aria-labelledby="scanner-refused"
          style={{ borderColor: 'var(--mantine-color-red-6)' }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="scanner-refused" c="red.8">
              Odrzucone po powrocie połączenia
            </Title>
            <Text size="sm">Tych operacji nie zaksięgowano. Punkty ani pieczątki nie zostały dodane.</Text>
            <AwardList label="Odrzucone operacje" entries={refused} now={now}>
              {(entry) => (
                <>
                  <Text size="sm" c="red.8" role="alert">
                    {entry.refusal?.message ?? 'Serwer odrzucił tę operację.'}
                  </Text>
                  <Group gap="xs">
                    {entry.refusal?.retryable ? (
                      <Button size="xs" onClick={() => sendAgain(entry.id)} disabled={offline}>
                        Wyślij ponownie
                      </Button>
                    ) : null}
                    <Button size="xs" variant="default" onClick={() => dismiss(entry.id)}>
                      Usuń z listy
                    </Button>
                  </Group>
                </>
              )}
            </AwardList>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
