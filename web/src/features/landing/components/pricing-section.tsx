import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AnchorLink, ButtonLink } from '../../../components/ui/link';
import { formatCurrency } from '../../../lib/format';
import {
  CONTACT_ABOVE_CUSTOMERS,
  PLANS,
  TRIAL_DAYS,
  yearlySaving,
  yearlySavingPercent,
} from '../content/pricing';
import { LandingSection } from './landing-section';

const INCLUDED = [
  'Wszystkie funkcje Punkto',
  'Karty w Apple Wallet i Google Wallet',
  'Analityka programu',
  'Skaner QR',
] as const;

/** SPEC §9 pricing: two plans, yearly savings, the customer limits, the trial, change or cancel any time. */
export function PricingSection() {
  return (
    <LandingSection
      id="cennik"
      title="Cennik"
      intro={`Wszystkie funkcje w każdym planie — płacisz tylko za liczbę aktywnych klientów. Zaczynasz od ${TRIAL_DAYS} dni za darmo.`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="pricing-plans">
        {PLANS.map((plan) => (
          <Card
            key={plan.name}
            withBorder
            padding="lg"
            component="section"
            aria-labelledby={`plan-${plan.name}`}
            data-testid="plan"
          >
            <Stack gap="sm" h="100%">
              <Group justify="space-between" gap="xs">
                <Title order={3} fz="xl" id={`plan-${plan.name}`}>
                  {plan.name}
                </Title>
                <Badge variant="light" size="lg">
                  do {plan.maxActiveCustomers} aktywnych klientów
                </Badge>
              </Group>
              <Text fz={32} fw={800} lh={1.1}>
                {formatCurrency(plan.monthly)}
                <Text span c="dimmed" size="md" fw={400}>
                  {' '}
                  / miesiąc
                </Text>
              </Text>
              <Text c="gray.8">
                lub {formatCurrency(plan.yearly)} rocznie —{' '}
                <Text span fw={700} c="punkto.8">
                  oszczędzasz {formatCurrency(yearlySaving(plan))} ({yearlySavingPercent(plan)}%)
                </Text>
              </Text>
              <List size="sm" spacing={4} c="gray.8">
                {INCLUDED.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
              <ButtonLink to="/stworz-konto" mt="auto" fullWidth variant="light">
                Wypróbuj {TRIAL_DAYS} dni za darmo
              </ButtonLink>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Stack gap={4} data-testid="pricing-terms">
        <Text c="gray.8">
          <strong>{TRIAL_DAYS} dni za darmo, bez karty płatniczej.</strong> Plan zmienisz lub anulujesz w
          dowolnej chwili, bez okresu wypowiedzenia.
        </Text>
        <Text c="gray.8">
          Powyżej {CONTACT_ABOVE_CUSTOMERS} aktywnych klientów?{' '}
          <AnchorLink underline="always" to="/pomoc" hash="kontakt" fw={600}>
            Skontaktuj się z nami
          </AnchorLink>{' '}
          — przygotujemy ofertę dla Twojej firmy. Szczegóły płatności opisuje{' '}
          <AnchorLink underline="always" to="/regulamin" hash="oplaty">
            regulamin
          </AnchorLink>
          .
        </Text>
      </Stack>
    </LandingSection>
  );
}
