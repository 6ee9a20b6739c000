import { Anchor, Box, List, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '../components/ui/link';
import { PageHeader } from '../components/ui/page-header';
import { CONTACT_EMAIL } from '../features/help/content/contact';
import { PLANS, TRIAL_DAYS, yearlySaving } from '../features/landing/content/pricing';
import { formatCurrency } from '../lib/format';

export const Route = createFileRoute('/regulamin')({
  component: TermsPage,
});

const VERSION_DATE = '22 listopada 2026\u00a0r.';

const mail = (
  <Anchor underline="always" href={`mailto:${CONTACT_EMAIL}`}>
    {CONTACT_EMAIL}
  </Anchor>
);

/** A section's numbered paragraphs („1.”, „2.” …), as in a Polish terms document. */
function Points({ children }: { children: ReactNode }) {
  return (
    <List type="ordered" spacing="xs" withPadding>
      {children}
    </List>
  );
}

type TermsSection = { id: string; title: string; body: ReactNode };

const SECTIONS: readonly TermsSection[] = [
  {
    id: 'definicje',
    title: 'Definicje',
    body: (
      <>
        <Text>Pojęcia użyte w regulaminie oznaczają:</Text>
        <List spacing="xs" withPadding>
          <List.Item>
            <strong>Usługodawca</strong> — operator serwisu Punkto, z którym można się kontaktować pod adresem{' '}
            {mail}.
          </List.Item>
          <List.Item>
            <strong>Serwis</strong> — serwis internetowy Punkto wraz z kartami lojalnościowymi w Apple Wallet
            i Google Wallet, Panelem firmy i kontem klienta.
          </List.Item>
          <List.Item>
            <strong>Firma</strong> — przedsiębiorca, który założył w Serwisie konto firmy i prowadzi w nim
            program lojalnościowy dla swoich klientów.
          </List.Item>
          <List.Item>
            <strong>Pracownik</strong> — osoba, której Firma nadała w Panelu dostęp do konta firmy z
            określonymi uprawnieniami.
          </List.Item>
          <List.Item>
            <strong>Klient</strong> — osoba fizyczna, która założyła konto klienta, aby zbierać punkty lub
            pieczątki w programach lojalnościowych Firm.
          </List.Item>
          <List.Item>
            <strong>Użytkownik</strong> — Firma, Pracownik albo Klient.
          </List.Item>
          <List.Item>
            <strong>Program lojalnościowy</strong> — zasady przyznawania punktów, pieczątek lub poziomów i
            wydawania nagród, ustalone przez Firmę w Serwisie.
          </List.Item>
          <List.Item>
            <strong>Karta</strong> — cyfrowa karta lojalnościowa Klienta w programie danej Firmy, zapisywana w
            portfelu telefonu (Apple Wallet lub Google Wallet).
          </List.Item>
          <List.Item>
            <strong>Panel</strong> — część Serwisu dostępna po zalogowaniu na konto firmy.
          </List.Item>
          <List.Item>
            <strong>Subskrypcja</strong> — odpłatny dostęp Firmy do Serwisu w wybranym planie, rozliczany
            miesięcznie albo rocznie.
          </List.Item>
          <List.Item>
            <strong>Aktywny klient</strong> — Klient, który w danym okresie rozliczeniowym otrzymał lub
            wykorzystał punkty albo pieczątki w programie Firmy.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'uslugi',
    title: 'Usługi',
    body: (
      <Points>
        <List.Item>
          Usługodawca udostępnia Firmom narzędzia do prowadzenia programów lojalnościowych: tworzenie
          programów punktowych, pieczątkowych i z poziomami, wydawanie Kart do Apple Wallet i Google Wallet,
          przyznawanie punktów przez skanowanie kodu QR lub ręczne wyszukanie Klienta, nagrody z limitami,
          analitykę, ankiety po wizycie oraz zarządzanie Pracownikami.
        </List.Item>
        <List.Item>
          Klientom Usługodawca udostępnia bezpłatnie konto klienta: Karty w portfelu telefonu, historię
          punktów i nagród, ponowne wygenerowanie Karty oraz usunięcie konta.
        </List.Item>
        <List.Item>
          Do korzystania z Serwisu potrzebna jest aktualna przeglądarka internetowa i dostęp do internetu.
          Karty działają na iPhonie 6 lub nowszym z Apple Wallet oraz na telefonach z systemem Android 5.0 lub
          nowszym z Google Wallet. Internet jest potrzebny przy pierwszym dodaniu Karty; później Karta działa
          także bez połączenia.
        </List.Item>
        <List.Item>
          Program lojalnościowy, w tym rodzaj i wartość nagród, ustala i realizuje Firma. Usługodawca nie jest
          stroną umowy między Firmą a Klientem i nie odpowiada za wydanie nagród.
        </List.Item>
        <List.Item>
          Usługodawca dba o ciągłość działania Serwisu. Bieżącą dostępność usług pokazuje{' '}
          <AnchorLink underline="always" to="/status">
            strona statusu
          </AnchorLink>
          . Planowane prace techniczne Usługodawca ogłasza w Serwisie z wyprzedzeniem i prowadzi tak, by jak
          najmniej utrudniały korzystanie z niego; Karty zapisane w portfelu działają także w czasie przerwy.
        </List.Item>
      </Points>
    ),
  },
  {
    id: 'konta',
    title: 'Konta',
    body: (
      <Points>
        <List.Item>
          Konto zakłada się, podając adres e-mail i hasło oraz akceptując regulamin. Konto jest aktywne po
          potwierdzeniu adresu e-mail linkiem z wiadomości aktywacyjnej.
        </List.Item>
        <List.Item>
          Po założeniu konta firmy Firma uzupełnia dane firmy. Firma odpowiada za prawdziwość tych danych oraz
          za działania Pracowników, którym nadała dostęp.
        </List.Item>
        <List.Item>
          Konto klienta może założyć sam Klient (np. po zeskanowaniu kodu QR Firmy) albo Firma w Panelu, za
          zgodą Klienta. Jedno konto klienta służy do Kart wszystkich Firm.
        </List.Item>
        <List.Item>
          Użytkownik nie udostępnia hasła innym osobom i niezwłocznie zmienia je, jeśli podejrzewa, że ktoś je
          poznał. Hasło można zresetować przez odnośnik „Nie pamiętasz hasła?” na stronie logowania.
        </List.Item>
        <List.Item>Konto jest osobiste i nie można go przenieść na inną osobę.</List.Item>
      </Points>
    ),
  },
  {
    id: 'oplaty',
    title: 'Okres próbny i opłaty',
    body: (
      <Points>
        <List.Item>
          Po założeniu konta firmy Firma może przez {TRIAL_DAYS} dni bezpłatnie korzystać ze wszystkich
          funkcji Serwisu. Okres próbny nie wymaga podania karty płatniczej i nie przechodzi automatycznie w
          płatną Subskrypcję.
        </List.Item>
        <List.Item>
          Aby korzystać z Serwisu po okresie próbnym, Firma wybiera plan i okres rozliczeniowy oraz podaje
          metodę płatności. Aktualne plany:
          <List spacing={4} withPadding mt={4}>
            {PLANS.map((plan) => (
              <List.Item key={plan.name}>
                <strong>{plan.name}</strong> — {formatCurrency(plan.monthly)} miesięcznie albo{' '}
                {formatCurrency(plan.yearly)} rocznie (oszczędność {formatCurrency(yearlySaving(plan))} w
                skali roku), do {plan.maxActiveCustomers} aktywnych klientów.
              </List.Item>
            ))}
          </List>
        </List.Item>
        <List.Item>
          Każdy plan obejmuje wszystkie funkcje Serwisu, w tym Karty w Apple Wallet i Google Wallet, analitykę
          i skaner QR. Firmy, które mają więcej niż 500 aktywnych klientów, otrzymują indywidualną ofertę — w
          tym celu należy skontaktować się z Usługodawcą ({mail}).
        </List.Item>
        <List.Item>
          Opłatę za Subskrypcję pobiera się z góry za cały okres rozliczeniowy. Subskrypcja odnawia się
          automatycznie na kolejny taki sam okres, dopóki Firma jej nie anuluje. Faktury są dostępne w Panelu.
        </List.Item>
        <List.Item>
          Firma może w każdej chwili zmienić plan albo anulować Subskrypcję w Panelu, bez okresu
          wypowiedzenia. Anulowana Subskrypcja działa do końca opłaconego okresu i nie jest odnawiana.
        </List.Item>
        <List.Item>
          Firma, której liczba aktywnych klientów przekracza limit planu, przechodzi na wyższy plan albo —
          powyżej 500 aktywnych klientów — kontaktuje się z Usługodawcą. Karty już wydane Klientom działają
          bez zmian.
        </List.Item>
        <List.Item>
          Jeśli płatność się nie powiedzie, Usługodawca poinformuje o tym Firmę i poprosi o aktualizację
          metody płatności. Brak płatności po upływie okresu rozliczeniowego może spowodować ograniczenie
          dostępu do Panelu; dane Firmy i Klientów nie są wtedy usuwane.
        </List.Item>
        <List.Item>
          O zmianie cen Usługodawca informuje Firmy e-mailem co najmniej 30 dni wcześniej. Nowa cena
          obowiązuje od następnego okresu rozliczeniowego po tym terminie.
        </List.Item>
      </Points>
    ),
  },
  {
    id: 'obowiazki',
    title: 'Obowiązki stron',
    body: (
      <Points>
        <List.Item>
          Użytkownik korzysta z Serwisu zgodnie z prawem i regulaminem, nie podejmuje prób uzyskania dostępu
          do cudzych kont ani danych, nie zakłóca działania Serwisu i nie umieszcza w nim treści bezprawnych.
        </List.Item>
        <List.Item>
          Firma rzetelnie informuje Klientów o zasadach swojego Programu lojalnościowego, przyznaje punkty
          zgodnie z tymi zasadami i wydaje nagrody, które Klienci zdobyli.
        </List.Item>
        <List.Item>
          Firma odpowiada za treści, które umieszcza na Kartach i w opisach programu (nazwy, logo, grafiki), i
          oświadcza, że ma do nich prawa.
        </List.Item>
        <List.Item>
          Usługodawca zapewnia działanie Serwisu, chroni dane zgodnie z rozdziałem „Dane osobowe”, usuwa
          zgłoszone usterki i informuje o przerwach technicznych.
        </List.Item>
        <List.Item>
          Usługodawca może zablokować dostęp do konta, które jest wykorzystywane niezgodnie z prawem lub
          regulaminem, po bezskutecznym wezwaniu do zaprzestania naruszeń, a w razie poważnego zagrożenia dla
          Serwisu lub innych Użytkowników — niezwłocznie, informując o przyczynie.
        </List.Item>
      </Points>
    ),
  },
  {
    id: 'dane-osobowe',
    title: 'Dane osobowe (RODO)',
    body: (
      <Points>
        <List.Item>
          Usługodawca jest administratorem danych osobowych Użytkowników przetwarzanych w celu prowadzenia
          kont, rozliczeń i obsługi zgłoszeń (art. 6 ust. 1 lit. b, c i f RODO).
        </List.Item>
        <List.Item>
          Dane Klientów w programie danej Firmy (m.in. historia punktów i nagród) przetwarza Usługodawca w
          imieniu tej Firmy, która jest ich administratorem. Akceptując regulamin, Firma powierza Usługodawcy
          przetwarzanie tych danych w zakresie potrzebnym do świadczenia usług (art. 28 RODO); Usługodawca
          przetwarza je wyłącznie na polecenie Firmy i nie wykorzystuje ich do własnych celów.
        </List.Item>
        <List.Item>
          Serwis przechowuje tylko dane potrzebne do działania programów: adres e-mail, nazwę użytkownika,
          Karty oraz historię punktów i nagród. Firma widzi aktywność Klienta wyłącznie w swoim programie.
          Odpowiedzi na ankiety po wizycie są anonimowe.
        </List.Item>
        <List.Item>
          Każda osoba, której dane dotyczą, ma prawo dostępu do danych, ich sprostowania, usunięcia,
          ograniczenia przetwarzania, przenoszenia oraz sprzeciwu, a także prawo wniesienia skargi do Prezesa
          Urzędu Ochrony Danych Osobowych. Konto i związane z nim dane można usunąć samodzielnie w
          ustawieniach konta.
        </List.Item>
        <List.Item>
          Więcej o danych i prywatności — w tym o podziale odpowiedzialności między Firmę a Usługodawcę —
          przeczytasz w{' '}
          <AnchorLink underline="always" to="/pomoc" hash="dane-klientow-rodo">
            pomocy
          </AnchorLink>
          . W sprawach danych osobowych pisz na {mail}. Pliki cookies możesz w każdej chwili ustawić
          odnośnikiem „Ustawienia cookies” w stopce strony.
        </List.Item>
      </Points>
    ),
  },
  {
    id: 'reklamacje',
    title: 'Reklamacje',
    body: (
      <Points>
        <List.Item>
          Reklamację dotyczącą działania Serwisu można złożyć e-mailem na adres {mail}, a po zalogowaniu także
          przyciskiem „Zgłoś błąd”.
        </List.Item>
        <List.Item>
          Reklamacja powinna zawierać adres e-mail konta, opis problemu oraz, jeśli to możliwe, datę jego
          wystąpienia i zrzut ekranu.
        </List.Item>
        <List.Item>
          Usługodawca rozpatruje reklamację w ciągu 14 dni od jej otrzymania i odpowiada na adres e-mail, z
          którego ją wysłano. Jeśli reklamacja wymaga uzupełnienia, termin biegnie od dnia otrzymania
          uzupełnienia.
        </List.Item>
        <List.Item>
          Reklamacje dotyczące Programu lojalnościowego, w tym przyznanych punktów i nagród, Klient kieruje do
          Firmy, która prowadzi program. Usługodawca pomaga Firmie wyjaśnić sprawę na podstawie historii
          operacji.
        </List.Item>
      </Points>
    ),
  },
  {
    id: 'rozwiazanie-umowy',
    title: 'Rozwiązanie umowy',
    body: (
      <Points>
        <List.Item>
          Umowa o świadczenie usług zostaje zawarta z chwilą założenia konta i trwa do jego usunięcia.
        </List.Item>
        <List.Item>
          Klient może w każdej chwili usunąć konto w ustawieniach konta klienta. Usunięcie jest nieodwracalne:
          znikają Karty, punkty i historia, a Karty w portfelu przestają się aktualizować.
        </List.Item>
        <List.Item>
          Firma może w każdej chwili anulować Subskrypcję oraz usunąć konto firmy. Po usunięciu konta firmy
          Karty jej Klientów przestają działać, a dane programu są usuwane, z wyjątkiem danych, które
          Usługodawca musi przechowywać na podstawie przepisów (np. faktur).
        </List.Item>
        <List.Item>
          Usługodawca może rozwiązać umowę z zachowaniem 30-dniowego okresu wypowiedzenia, informując o tym
          e-mailem, albo bez wypowiedzenia, jeśli Użytkownik mimo wezwania rażąco narusza regulamin lub prawo.
          W razie rozwiązania umowy przez Usługodawcę bez winy Firmy Firma otrzymuje zwrot opłaty za
          niewykorzystaną część opłaconego okresu.
        </List.Item>
      </Points>
    ),
  },
  {
    id: 'postanowienia-koncowe',
    title: 'Postanowienia końcowe',
    body: (
      <Points>
        <List.Item>
          Usługodawca może zmienić regulamin z ważnych przyczyn, w szczególności zmiany przepisów, zakresu
          usług lub cen. O zmianie informuje e-mailem i w Serwisie co najmniej 14 dni przed jej wejściem w
          życie; Użytkownik, który się na nią nie zgadza, może w tym czasie usunąć konto.
        </List.Item>
        <List.Item>
          W sprawach nieuregulowanych regulaminem stosuje się prawo polskie, w szczególności Kodeks cywilny i
          ustawę o świadczeniu usług drogą elektroniczną.
        </List.Item>
        <List.Item>
          Regulamin nie ogranicza praw konsumentów wynikających z bezwzględnie obowiązujących przepisów.
          Konsument może skorzystać z pozasądowych sposobów rozpatrywania sporów, np. z pomocy miejskiego lub
          powiatowego rzecznika konsumentów.
        </List.Item>
        <List.Item>Regulamin obowiązuje od {VERSION_DATE}</List.Item>
      </Points>
    ),
  },
];

function TermsPage() {
  return (
    <Box maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="xl">
        <PageHeader
          title="Regulamin"
          description={`Zasady korzystania z serwisu Punkto przez firmy i ich klientów. Wersja z ${VERSION_DATE}`}
        />

        <Paper withBorder p="lg" radius="md" component="nav" aria-labelledby="spis-tresci">
          <Title order={2} fz="lg" id="spis-tresci" mb="sm">
            Spis treści
          </Title>
          <List type="ordered" spacing={6} withPadding data-testid="terms-toc">
            {SECTIONS.map((section) => (
              <List.Item key={section.id}>
                <AnchorLink to="/regulamin" hash={section.id}>
                  {section.title}
                </AnchorLink>
              </List.Item>
            ))}
          </List>
        </Paper>

        {SECTIONS.map((section, index) => (
          <Stack
            key={section.id}
            gap="sm"
            component="section"
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            style={{ scrollMarginTop: 80 }}
          >
            <Title order={2} id={`${section.id}-title`} fz={{ base: 'xl', sm: 24 }}>
              §{index + 1}. {section.title}
            </Title>
            {section.body}
          </Stack>
        ))}

        <Text size="sm" c="dimmed">
          Pytania o regulamin? Napisz na {mail} albo zajrzyj do{' '}
          <AnchorLink underline="always" to="/pomoc">
            pomocy
          </AnchorLink>
          .
        </Text>
      </Stack>
    </Box>
  );
}
