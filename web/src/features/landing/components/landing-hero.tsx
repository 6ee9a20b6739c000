import { Box, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ButtonLink } from '../../../components/ui/link';
import { formatCurrency } from '../../../lib/format';
import { PLANS, TRIAL_DAYS } from '../content/pricing';

const cheapest = Math.min(...PLANS.map((plan) => plan.monthly));

const STAMPS = 10;
const COLLECTED = 8;

/**
 * A loyalty card as a phone's wallet shows it, drawn with CSS (no image to download): the café's name,
 * 8 of 10 stamps. Announced as one image.
 */
function CardPreview() {
  return (
    <Box
      role="img"
      aria-label={`Przykładowa karta w portfelu: Kawiarnia Ziarno, ${COLLECTED} z ${STAMPS} pieczątek`}
      maw={340}
      w="100%"
      mx="auto"
      style={{ alignSelf: 'center', borderRadius: 20, boxShadow: 'var(--mantine-shadow-lg)' }}
      p="lg"
      c="white"
      bg="punkto.8"
    >
      <Stack gap="md" aria-hidden>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} fz="lg">
            Kawiarnia Ziarno
          </Text>
          <Text fz="xs" fw={600} tt="uppercase" style={{ letterSpacing: 1 }}>
            Pieczątki
          </Text>
        </Group>
        <Text fz={32} fw={800} lh={1}>
          {COLLECTED} / {STAMPS}
        </Text>
        <SimpleGrid cols={5} spacing={10} verticalSpacing={10} maw={230}>
          {Array.from({ length: STAMPS }, (_, i) => (
            <Box
              key={i}
              style={{
                aspectRatio: '1',
                borderRadius: '50%',
                border: '2px solid rgba(255, 255, 255, 0.85)',
                background: i < COLLECTED ? 'white' : 'transparent',
              }}
            />
          ))}
        </SimpleGrid>
        <Text fz="sm">Jeszcze 2 kawy do nagrody: 11. kawa gratis</Text>
      </Stack>
    </Box>
  );
}

/** The landing page's first screen: what Punkto is, the trial, and the way in for customers. */
export function LandingHero() {
  useDocumentTitle('Punkto — karty lojalnościowe w Apple Wallet i Google Wallet');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }} verticalSpacing={40}>
      <Stack gap="lg" justify="center">
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Karty lojalnościowe w telefonie Twoich klientów
        </Title>
        <Text fz={{ base: 'lg', sm: 'xl' }} c="gray.8">
          Punkty i pieczątki w Apple Wallet i Google Wallet — bez aplikacji do instalowania i bez papierowych
          kart, które giną w kieszeniach. Dla kawiarni, salonów, sklepów i każdej małej firmy, do której
          klienci wracają.
        </Text>
        <List spacing={4} size="md" c="gray.8">
          <List.Item>{TRIAL_DAYS} dni za darmo, bez podawania karty płatniczej</List.Item>
          <List.Item>Pierwsi klienci z kartą w portfelu jeszcze dziś</List.Item>
          <List.Item>Od {formatCurrency(cheapest)} miesięcznie, bez umowy na czas określony</List.Item>
        </List>
        <Group>
          <ButtonLink to="/stworz-konto" size="md">
            Wypróbuj {TRIAL_DAYS} dni za darmo
          </ButtonLink>
          <ButtonLink to="/zaloguj" search={{ type: 'customer' }} size="md" variant="default">
            Jestem klientem
          </ButtonLink>
        </Group>
      </Stack>
      <CardPreview />
    </SimpleGrid>
  );
}
