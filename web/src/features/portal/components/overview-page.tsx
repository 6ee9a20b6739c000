import { Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import type { MyCardBalance } from '@punkto/contracts/customers';
import { balanceLabel } from '../utils/portal-labels';
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

/** each card's own balance: points of different companies' programs are never added into one number */
function Balances({ balances }: { balances: MyCardBalance[] }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="salda-kart">
      <Title order={2} fz="md" id="salda-kart" mb="xs">
        Stan Twoich kart
      </Title>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {balances.map((balance) => (
          // the card's name is never cut: a long balance goes under it on a narrow screen
          <Group key={balance.cardId} component="li" justify="space-between" gap={6}>
            <Text size="sm">
              {[balance.companyName, balance.programName].filter(Boolean).join(' · ') || 'Karta'}
            </Text>
            <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {balanceLabel(balance)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * /klient: greeting, each card's balance, the newest activity and the way to the cards. The route's loader
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
        <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm" maw={420}>
          <Stat label="Karty" value={formatInteger(data.activeCards)} />
          <Stat label="Nagrody do odebrania" value={formatInteger(data.rewardsReady)} />
        </SimpleGrid>
        {data.balances.length > 0 ? <Balances balances={data.balances} /> : null}
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
