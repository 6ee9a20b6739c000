import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/ui/page-header';
import { myCardsQueryOptions, useMyCardsLiveUpdates, type LiveStatus } from '../api/portal';
import { MyCardTile } from './my-card-tile';
import { EmptyState } from '../../../components/ui/query-state';

const liveLabels: Record<LiveStatus, string> = {
  connecting: 'Łączenie…',
  live: 'Saldo odświeża się na bieżąco',
  offline: 'Brak połączenia na żywo — odświeżymy za chwilę',
};

/**
 * /klient/karty: every card with its QR code; balances follow scans live while the page is open. The route's
 * loader fetched the cards; a failure is the route's errorComponent.
 */
export function MyCardsPage() {
  const { data: cards } = useSuspenseQuery(myCardsQueryOptions());
  const live = useMyCardsLiveUpdates();

  return (
    <Box maw={980} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title="Moje karty" description="Pokaż kod QR albo podaj numer karty przy kasie." />
        <Group gap={6} aria-live="polite">
          <Box
            w={8}
            h={8}
            style={{
              borderRadius: '50%',
              background: live === 'live' ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)',
            }}
            aria-hidden
          />
          <Text size="xs" c="dimmed">
            {liveLabels[live]}
          </Text>
        </Group>
        {cards.items.length === 0 ? (
          <EmptyState title="Nie masz jeszcze kart">
            Zeskanuj kod QR z plakatu w ulubionym lokalu albo otwórz link zapisu, aby dołączyć do programu.
            Karta pojawi się tutaj.
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {cards.items.map((card) => (
              <MyCardTile key={card.cardId} card={card} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  );
}
