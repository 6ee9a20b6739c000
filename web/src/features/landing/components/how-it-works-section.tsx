import { Box, Card, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import { TRIAL_DAYS } from '../content/pricing';
import { LandingSection } from './landing-section';

/** SPEC §1: the business flow — register, create a card, invite customers, award points. */
const STEPS = [
  {
    title: 'Załóż konto',
    text: `Podaj e-mail i hasło, potwierdź adres i uzupełnij dane firmy. Przez ${TRIAL_DAYS} dni korzystasz za darmo, bez karty płatniczej.`,
  },
  {
    title: 'Stwórz kartę',
    text: 'Wybierz punkty albo pieczątki, dodaj logo i kolory firmy, ustal nagrody i ich limity.',
  },
  {
    title: 'Zaproś klientów',
    text: 'Postaw kod QR przy kasie albo udostępnij link. Klient skanuje kod i jednym przyciskiem dodaje kartę do portfela.',
  },
  {
    title: 'Przyznawaj punkty',
    text: 'Zeskanuj kod QR z karty klienta telefonem lub tabletem. Karta w telefonie klienta aktualizuje się w kilka sekund.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <LandingSection
      id="jak-to-dziala"
      title="Jak to działa"
      intro="Od rejestracji do pierwszej pieczątki w portfelu klienta wystarczy jedno popołudnie."
    >
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: 2, lg: 4 }}
        spacing="lg"
        p={0}
        m={0}
        data-testid="how-it-works"
      >
        {STEPS.map((step, index) => (
          <Card key={step.title} component="li" withBorder padding="lg" style={{ listStyle: 'none' }}>
            <Box
              aria-hidden
              w={36}
              h={36}
              mb="sm"
              bg="punkto.8"
              c="white"
              fw={800}
              style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}
            >
              {index + 1}
            </Box>
            <Title order={3} fz="lg" mb={6}>
              <VisuallyHidden>Krok {index + 1}: </VisuallyHidden>
              {step.title}
            </Title>
            <Text c="gray.8">{step.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
