import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '../components/ui/link';
import { PageHeader } from '../components/ui/page-header';
import { formatCurrency } from '../lib/format';

export const Route = createFileRoute('/')({
  component: HomePage,
});

const plans = [
  { name: 'Podstawowy', monthly: 30, yearly: 288, saving: 72, customers: 'do 100 aktywnych klientów' },
  { name: 'Rozszerzony', monthly: 40, yearly: 384, saving: 96, customers: 'do 500 aktywnych klientów' },
];

function HomePage() {
  return (
    <Stack gap={48} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg" maw={720}>
        <PageHeader
          title="Karty lojalnościowe w telefonie Twoich klientów"
          description="Punkty i pieczątki w Apple Wallet i Google Wallet — bez aplikacji, bez papierowych kart."
        />
        <Group>
          <ButtonLink to="/stworz-konto" size="md">
            Wypróbuj 14 dni za darmo
          </ButtonLink>
          <ButtonLink to="/zaloguj" search={{ type: 'customer' }} size="md" variant="default">
            Jestem klientem
          </ButtonLink>
        </Group>
      </Stack>

      <Stack
        gap="md"
        id="cennik"
        component="section"
        aria-labelledby="cennik-title"
        style={{ scrollMarginTop: 80 }}
      >
        <Title order={2} id="cennik-title">
          Cennik
        </Title>
        <Text c="dimmed">
          Wszystkie funkcje w każdym planie. Zmienisz lub anulujesz plan w dowolnej chwili.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {plans.map((plan) => (
            <Card key={plan.name} withBorder padding="lg">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={700} size="lg">
                    {plan.name}
                  </Text>
                  <Badge variant="light">{plan.customers}</Badge>
                </Group>
                <Text fz={28} fw={800}>
                  {formatCurrency(plan.monthly)}
                  <Text span c="dimmed" size="sm" fw={400}>
                    {' '}
                    / miesiąc
                  </Text>
                </Text>
                <Text size="sm" c="dimmed">
                  lub {formatCurrency(plan.yearly)} rocznie (oszczędzasz {formatCurrency(plan.saving)})
                </Text>
                <List size="sm" spacing={4}>
                  <List.Item>Karty w Apple i Google Wallet</List.Item>
                  <List.Item>Analityka i skaner QR</List.Item>
                </List>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Powyżej 500 klientów — skontaktuj się z nami.
        </Text>
      </Stack>
    </Stack>
  );
}
