import { Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { formatInteger } from '../../../lib/format';
import { myOverviewQueryOptions } from '../api/portal';
import { ActivityList } from '../../../components/card-activity/activity-list';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * /klient: greeting, totals over all cards, the newest activity and the way to the cards. The route's loader
 * fetched the overview; a failure is the route's errorComponent.
 */
export function OverviewPage({ username }: { username: string | null }) {
  const { data } = useSuspenseQuery(myOverviewQueryOptions());

  return (
    <Box maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader
          title={username ? `Witaj, ${username}!` : 'Strefa klienta'}
          description={
            data.activeCards === 0
              ? 'Nie masz jeszcze kart lojalnościowych.'
              : `Aktywne karty lojalnościowe: ${formatInteger(data.activeCards)}.`
          }
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stat label="Karty" value={formatInteger(data.activeCards)} />
          <Stat label="Punkty" value={formatInteger(data.totalPoints)} />
          <Stat label="Pieczątki" value={formatInteger(data.totalStamps)} />
          <Stat label="Nagrody do odebrania" value={formatInteger(data.rewardsReady)} />
        </SimpleGrid>
        <Group>
          <ButtonLink to="/klient/karty" size="md">
            Pokaż moje karty
          </ButtonLink>
        </Group>
        <Stack gap="xs" component="section" aria-labelledby="ostatnia-aktywnosc">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz="lg" id="ostatnia-aktywnosc">
              Ostatnia aktywność
            </Title>
            <AnchorLink to="/klient/historia" size="sm">
              Cała historia
            </AnchorLink>
          </Group>
          {data.recentActivity.length === 0 ? (
            <Text c="dimmed" size="sm">
              Tu pojawią się zdobyte punkty, pieczątki i odebrane nagrody.
            </Text>
          ) : (
            <ActivityList items={data.recentActivity} label="Ostatnia aktywność" />
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
