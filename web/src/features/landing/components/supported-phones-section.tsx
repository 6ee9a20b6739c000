import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/ui/link';
import { LandingSection } from './landing-section';

/** SPEC §1: supported phones — iPhone 6 and newer, Android 5.0 and newer. */
const PHONES = [
  {
    system: 'iPhone',
    requirement: 'iPhone 6 lub nowszy z Apple Wallet',
    details: 'Karta trafia do aplikacji Portfel, wbudowanej w każdy iPhone — nic nie trzeba instalować.',
  },
  {
    system: 'Android',
    requirement: 'Android 5.0 lub nowszy z Google Wallet',
    details:
      'Karta trafia do Google Wallet. Jeśli nie ma jej w telefonie, można ją bezpłatnie pobrać z Google Play.',
  },
] as const;

export function SupportedPhonesSection() {
  return (
    <LandingSection
      id="telefony"
      title="Obsługiwane telefony"
      intro="Karta działa na praktycznie każdym smartfonie z ostatniej dekady."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="supported-phones">
        {PHONES.map((phone) => (
          <Card key={phone.system} withBorder padding="lg">
            <Text size="sm" fw={700} c="punkto.8" tt="uppercase" style={{ letterSpacing: 1 }}>
              {phone.system}
            </Text>
            <Title order={3} fz="xl" mt={4} mb={6}>
              {phone.requirement}
            </Title>
            <Text c="gray.8">{phone.details}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text c="gray.8">
        Internet jest potrzebny tylko przy pierwszym dodaniu karty do portfela; potem karta działa także
        offline. Karta płatnicza w portfelu nie jest wymagana.{' '}
        <AnchorLink underline="always" to="/pomoc" hash="obslugiwane-telefony">
          Więcej w pomocy
        </AnchorLink>
      </Text>
    </LandingSection>
  );
}
