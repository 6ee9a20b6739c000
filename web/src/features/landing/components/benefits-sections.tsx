import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../../components/ui/link';
import { LandingSection } from './landing-section';

type Benefit = { title: string; text: string };

const FOR_BUSINESS: readonly Benefit[] = [
  {
    title: 'Karty w portfelu klientów',
    text: 'Twoja karta z logo i kolorami firmy trafia do Apple Wallet i Google Wallet. Nic nie drukujesz, a klient jej nie zgubi.',
  },
  {
    title: 'Punkty, pieczątki i poziomy',
    text: 'Klasyczna karta „kup 10, 11. gratis”, punkty zależne od usługi albo poziomy dla najwierniejszych — wybierasz, co pasuje do Twojej firmy.',
  },
  {
    title: 'Nagrody pod kontrolą',
    text: 'Ustal koszt nagrody w punktach, godziny lub dni, w których obowiązuje, i limity, np. najwyżej 20 sztuk dziennie albo raz w miesiącu na osobę.',
  },
  {
    title: 'Skaner QR w telefonie',
    text: 'Punkty przyznajesz, skanując kartę klienta telefonem lub tabletem. Bez karty? Znajdziesz klienta po numerze karty, telefonie albo e-mailu.',
  },
  {
    title: 'Analityka i ankiety NPS',
    text: 'Widzisz aktywnych i powracających klientów, popularne nagrody i częstotliwość wizyt, a krótkie ankiety po wizycie mówią, co poprawić.',
  },
  {
    title: 'Pracownicy z własnym dostępem',
    text: 'Każdy pracownik ma swoje konto i tylko te uprawnienia, które mu nadasz — na przykład przyznawanie punktów bez wglądu w płatności.',
  },
];

const FOR_CUSTOMERS: readonly Benefit[] = [
  {
    title: 'Bez aplikacji i bez papieru',
    text: 'Karta czeka w portfelu telefonu, obok kart płatniczych i biletów. Niczego nie trzeba instalować ani nosić w kieszeni.',
  },
  {
    title: 'Działa bez internetu',
    text: 'Internet jest potrzebny tylko przy dodawaniu karty. Potem klient pokaże ją przy kasie nawet bez zasięgu.',
  },
  {
    title: 'Stan karty na bieżąco',
    text: 'Po zeskanowaniu karta w telefonie sama pokazuje nowe punkty lub pieczątki — klient od razu widzi, ile brakuje do nagrody.',
  },
  {
    title: 'Historia w jednym miejscu',
    text: 'W koncie klienta są wszystkie karty, historia punktów i nagród, najnowsze na górze — w każdej firmie korzystającej z Punkto.',
  },
  {
    title: 'Punkty nie przepadają',
    text: 'Nowy telefon albo usunięta karta? Klient loguje się, generuje kartę ponownie i ma ten sam stan punktów.',
  },
  {
    title: 'Prywatność',
    text: 'Ankiety są anonimowe, a konto klient może w każdej chwili usunąć razem z danymi.',
  },
];

function BenefitGrid({ benefits, testId }: { benefits: readonly Benefit[]; testId: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" component="ul" p={0} m={0} data-testid={testId}>
      {benefits.map((benefit) => (
        <Card key={benefit.title} component="li" withBorder padding="lg" style={{ listStyle: 'none' }}>
          <Title order={3} fz="lg" mb={6}>
            {benefit.title}
          </Title>
          <Text c="gray.8">{benefit.text}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** „Co Punkto robi dla Twojej firmy” — SPEC §1 functions for business owners. */
export function BusinessBenefitsSection() {
  return (
    <LandingSection
      id="dla-firm"
      title="Co Punkto robi dla Twojej firmy"
      intro="Program lojalnościowy, który klienci naprawdę mają przy sobie — i który obsłużysz przy kasie w kilka sekund."
    >
      <BenefitGrid benefits={FOR_BUSINESS} testId="business-benefits" />
    </LandingSection>
  );
}

/** „Co zyskują Twoi klienci” — the customers' side (SPEC §1). */
export function CustomerBenefitsSection() {
  return (
    <LandingSection
      id="dla-klientow"
      title="Co zyskują Twoi klienci"
      intro={
        <>
          Wygodną kartę, która zawsze jest pod ręką. Szczegóły dla klientów opisuje nasz{' '}
          <AnchorLink
            underline="always"
            to="/blog/$slug"
            params={{ slug: 'twoja-karta-lojalnosciowa-zawsze-przy-tobie' }}
          >
            przewodnik „Twoja karta lojalnościowa zawsze przy Tobie”
          </AnchorLink>
          .
        </>
      }
    >
      <BenefitGrid benefits={FOR_CUSTOMERS} testId="customer-benefits" />
    </LandingSection>
  );
}
