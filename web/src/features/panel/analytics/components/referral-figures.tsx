import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReferralFigures } from '@punkto/contracts/referrals';
import { formatInteger } from '../../../../lib/format';

/**
 * „Polecenia” on /panel/analityka (ADR 0061): friends who joined with an invite in the period, referrals
 * rewarded by a friend's first visit, and those the fraud rules refused. Nothing without the figures (an
 * older answer) or when there was no referral at all in the period.
 */
export function ReferralFiguresSection({ figures }: { figures: ReferralFigures | undefined }) {
  if (!figures || figures.invited + figures.rewarded + figures.refused === 0) return null;
  const items = [
    { label: 'Dołączyli z polecenia', value: figures.invited, hint: 'znajomi z linku z zaproszeniem' },
    { label: 'Polecenia nagrodzone', value: figures.rewarded, hint: 'pierwsza wizyta znajomego' },
    { label: 'Polecenia odrzucone', value: figures.refused, hint: 'ta sama osoba, telefon lub urządzenie' },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="referral-figures-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="referral-figures-title">
          Polecenia
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {items.map((item) => (
            <Stack key={item.label} gap={0}>
              <Text size="sm" c="dimmed">
                {item.label}
              </Text>
              <Text fw={700} fz={24} data-testid={`figure-${item.label}`}>
                {formatInteger(item.value)}
              </Text>
              <Text size="xs" c="dimmed">
                {item.hint}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
