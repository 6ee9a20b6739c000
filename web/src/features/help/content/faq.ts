import type { FaqItem } from '../utils/search-faq';

export type FaqSection = {
  id: string;
  title: string;
  items: readonly FaqItem[];
};

/** The help page's questions (SPEC §1, §9), grouped for customers and for business owners. */
export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: 'dla-klientow',
    title: 'Dla klientów',
    items: [
      {
        id: 'czy-potrzebuje-aplikacji',
        question: 'Czy muszę instalować aplikację, żeby mieć kartę lojalnościową?',
        answer: [
          'Nie. Karta Punkto trafia do portfela, który masz już w telefonie: Apple Wallet na iPhonie albo Google Wallet na Androidzie. Nie instalujesz żadnej osobnej aplikacji, a swoje konto klienta obsługujesz w przeglądarce.',
          'Karta jest dla klienta bezpłatna.',
        ],
        keywords: ['wallet', 'apka', 'pobrać', 'bezpłatna', 'koszt'],
      },
      {
        id: 'obslugiwane-telefony',
        question: 'Na jakich telefonach działa karta?',
        answer: [
          'Na iPhonie 6 lub nowszym z aplikacją Portfel (Apple Wallet) oraz na telefonach z Androidem 5.0 lub nowszym z Google Wallet. Google Wallet można bezpłatnie pobrać ze sklepu Google Play, jeśli nie ma jej jeszcze w telefonie.',
          'Do portfela nie musisz dodawać karty płatniczej — służy tu tylko jako bezpieczne miejsce na kartę lojalnościową.',
        ],
        keywords: ['iPhone', 'Android', 'Apple Wallet', 'Google Wallet', 'telefony', 'smartfon', 'model'],
      },
      {
        id: 'jak-dodac-karte',
        question: 'Jak dodać kartę do portfela w telefonie?',
        answer: [
          'Zeskanuj kod QR w lokalu albo otwórz link z zaproszenia od firmy. Załóż konto klienta (wystarczy adres e-mail i hasło) lub zaloguj się, a potem dotknij przycisku dodania karty do portfela i potwierdź „Dodaj”.',
          'Karta pojawi się w portfelu z logo firmy i Twoim aktualnym stanem punktów lub pieczątek. Karty kilku firm to osobne karty w portfelu — jedno konto klienta wystarczy do wszystkich.',
        ],
        keywords: ['wallet', 'kod QR', 'zaproszenie', 'rejestracja'],
      },
      {
        id: 'karta-bez-internetu',
        question: 'Czy karta działa bez internetu?',
        answer: [
          'Tak. Internet jest potrzebny tylko przy pierwszym dodaniu karty do portfela. Potem karta jest zapisana w telefonie, więc pokażesz ją także bez zasięgu albo w trybie samolotowym, a obsługa zeskanuje jej kod QR jak zwykle.',
          'Nowe punkty firma zapisuje w chwili skanowania; na karcie w Twoim telefonie pojawią się, gdy tylko odzyska on połączenie.',
        ],
        keywords: ['offline', 'zasięg', 'tryb samolotowy', 'aktualizacja'],
      },
      {
        id: 'punkty-a-pieczatki',
        question: 'Czym różnią się punkty od pieczątek?',
        answer: [
          'To dwa rodzaje programów, które wybiera firma. Na karcie z pieczątkami każda wizyta lub zakup to jedna pieczątka — na przykład kupujesz 10 kaw, a 11. dostajesz gratis. W programie punktowym dostajesz tyle punktów, ile warta jest usługa, i wymieniasz je na nagrody o różnym koszcie.',
          'Niektóre firmy prowadzą też programy z poziomami (rangami): im częściej wracasz, tym wyższy poziom i lepsze korzyści.',
        ],
        keywords: ['stamps', 'pieczątka', 'punkty', 'poziomy', 'rangi', 'nagrody'],
      },
      {
        id: 'historia-punktow',
        question: 'Gdzie sprawdzę historię punktów i nagród?',
        answer: [
          'Zaloguj się na konto klienta i otwórz „Historia”. Zobaczysz każde przyznanie punktów lub pieczątek i każdą wymienioną nagrodę z datą i nazwą firmy, najnowsze na górze, po 20 na stronie.',
          'Jeśli uważasz, że jakaś wizyta nie została zapisana, pokaż historię obsłudze przy następnej wizycie albo napisz do firmy.',
        ],
        keywords: ['transakcje', 'saldo', 'stan konta'],
      },
      {
        id: 'karta-zniknela',
        question: 'Zmieniłem telefon albo karta zniknęła z portfela. Czy straciłem punkty?',
        answer: [
          'Nie. Punkty są przypisane do Twojego konta, a nie do telefonu. Zaloguj się na nowym telefonie, otwórz „Karty”, wybierz kartę firmy i wygeneruj ją ponownie, a potem dodaj do portfela. Nowa karta pokaże aktualny stan.',
        ],
        keywords: ['nowy telefon', 'regeneracja', 'odzyskać', 'usunięta karta'],
      },
      {
        id: 'ankiety-anonimowe',
        question: 'Czy ankiety po wizycie są anonimowe?',
        answer: [
          'Tak. Po wizycie firma może poprosić Cię o ocenę w skali od 1 do 10 i opcjonalny komentarz. Odpowiedź jest anonimowa, a udział dobrowolny — możesz po prostu pominąć ankietę.',
        ],
        keywords: ['NPS', 'opinia', 'ocena'],
      },
      {
        id: 'wiadomosci-od-firm',
        question: 'Czy firmy mogą wysyłać mi wiadomości?',
        answer: [
          'Tak, firmy, w których masz kartę, mogą wysłać Ci krótką wiadomość, na przykład o nowej nagrodzie albo promocji. Trafia ona na kartę w portfelu: iPhone pokazuje jej tekst na ekranie blokady, a na Androidzie Google Wallet wyświetla własne powiadomienie o nowej wiadomości, której treść widać na karcie. E-mailem wiadomość przychodzi tylko wtedy, gdy zgodziłeś się na wiadomości marketingowe od tej firmy (np. zaznaczając zgodę przy dołączaniu do programu).',
          'Wszystkie otrzymane wiadomości znajdziesz w zakładce „Wiadomości” na koncie klienta. Między 21:00 a 8:00 nie wysyłamy powiadomień na ekran blokady — wiadomość na karcie przyjdzie rano.',
          'Nie chcesz ich dostawać? Wyłącz „Wiadomości od firm” w „Ustawieniach” konta klienta. Z e-maili jednej firmy wypiszesz się linkiem „Wypisz się” w każdym takim e-mailu, bez logowania — karta i punkty działają dalej.',
        ],
        keywords: ['powiadomienia', 'wypisać', 'e-mail', 'zgoda marketingowa', 'promocje'],
      },
      {
        id: 'usuniecie-konta-klienta',
        question: 'Jak usunąć konto klienta i moje dane?',
        answer: [
          'W „Ustawieniach” konta klienta wybierz usunięcie konta. To nieodwracalne: znikną Twoje karty, punkty i historia, a karty w portfelu przestaną się aktualizować (możesz je wtedy usunąć z portfela). Zanim to zrobisz, wymień zebrane punkty na nagrody.',
          'Masz też inne prawa wynikające z RODO, m.in. dostęp do danych i ich sprostowanie — opisujemy je w regulaminie, w części o danych osobowych.',
        ],
        keywords: ['RODO', 'dane osobowe', 'prywatność', 'kasowanie', 'zapomnienie'],
      },
    ],
  },
  {
    id: 'dla-firm',
    title: 'Dla firm',
    items: [
      {
        id: 'cennik',
        question: 'Ile kosztuje Punkto?',
        answer: [
          'Plan Podstawowy kosztuje 30 zł miesięcznie albo 288 zł rocznie (oszczędzasz 72 zł) i obejmuje do 100 aktywnych klientów. Plan Rozszerzony kosztuje 40 zł miesięcznie albo 384 zł rocznie (oszczędzasz 96 zł) i obejmuje do 500 aktywnych klientów.',
          'Oba plany mają wszystkie funkcje: karty w Apple i Google Wallet, analitykę i skaner QR. Powyżej 500 aktywnych klientów skontaktuj się z nami — przygotujemy ofertę.',
        ],
        keywords: ['cena', 'abonament', 'plan', 'subskrypcja', 'koszt'],
      },
      {
        id: 'okres-probny',
        question: 'Jak działa 14-dniowy okres próbny?',
        answer: [
          'Po założeniu konta firmy przez 14 dni korzystasz z Punkto bezpłatnie i ze wszystkich funkcji. Nie podajesz karty płatniczej, więc nic nie zostanie pobrane automatycznie.',
          'W panelu widzisz, ile dni zostało. Trzy dni i dzień przed końcem przypomnimy o tym e-mailem na adres kontaktowy firmy; plan wybierasz w zakładce „Subskrypcja” (płatność pobieramy dopiero wtedy, a opłacony plan zaczyna się po okresie próbnym). Jeśli go nie wybierzesz, panel przechodzi w tryb tylko do odczytu, ale karty Twoich klientów, ich punkty i skaner przy kasie działają dalej — po opłaceniu planu wszystko wraca.',
        ],
        keywords: ['trial', 'za darmo', 'bezpłatnie', 'test'],
      },
      {
        id: 'platnosci-i-rezygnacja',
        question: 'Jak wygląda płatność i czy mogę zrezygnować w każdej chwili?',
        answer: [
          'Płacisz kartą w zakładce „Subskrypcja”, miesięcznie albo rocznie; za każdą płatność dostajesz fakturę VAT do pobrania w tej samej zakładce. Plan możesz zmienić w każdej chwili: wyższy działa od razu (dopłacasz różnicę za resztę okresu), niższy od następnego okresu.',
          'Dane karty wpisujesz w bezpieczny formularz operatora płatności PayU — nie trafiają do Punkto, zapisujemy tylko zamaskowany numer. Bank może poprosić o potwierdzenie płatności (3-D Secure). Karta zostaje zapamiętana i na koniec każdego okresu pobieramy z niej opłatę automatycznie; gdyby płatność się nie udała, ponowimy ją po 1, 3 i 7 dniach i napiszemy e-mail. Inną kartę dodasz w „Subskrypcja” → „Dodaj kartę”: PayU sprawdza ją bez obciążenia (0 zł), a przyciskiem „Ustaw jako domyślną” wybierasz, z której karty pobieramy opłaty.',
          'Subskrypcję anulujesz w każdej chwili jednym przyciskiem; działa do końca opłaconego okresu i do tego dnia możesz ją wznowić. Firmę z wszystkimi danymi usuwa właściciel przyciskiem „Usuń firmę” w ustawieniach firmy.',
        ],
        keywords: [
          'faktura',
          'płatności',
          'anulowanie',
          'wypowiedzenie',
          'zmiana planu',
          'karta',
          'PayU',
          'odnowienie',
        ],
      },
      {
        id: 'przyznawanie-punktow',
        question: 'Jak przyznać klientowi punkty albo pieczątkę?',
        answer: [
          'Klient pokazuje kartę z portfela, a Ty skanujesz jej kod QR skanerem w panelu Punkto — wystarczy telefon lub tablet z aparatem. Wybierasz usługę albo liczbę punktów i zatwierdzasz; karta w telefonie klienta aktualizuje się sama.',
          'Jeśli klient nie ma przy sobie telefonu, znajdziesz go w panelu po numerze karty, numerze telefonu albo adresie e-mail i przyznasz punkty ręcznie.',
        ],
        keywords: ['skanowanie', 'skaner', 'kod QR', 'pieczątki', 'kasa'],
      },
      {
        id: 'skaner-nie-czyta',
        question: 'Skanowanie kodu QR nie działa. Co zrobić?',
        answer: [
          'Sprawdź, czy przeglądarka ma zgodę na użycie aparatu, i poproś klienta o rozjaśnienie ekranu. Trzymaj kod w odległości około 15–20 cm i unikaj odblasków lampy.',
          'Gdy mimo to kod się nie odczyta, wpisz w panelu numer karty, numer telefonu albo adres e-mail klienta.',
        ],
        keywords: ['skanowanie', 'aparat', 'kamera', 'błąd'],
      },
      {
        id: 'zapraszanie-klientow',
        question: 'Jak zaprosić klientów do programu?',
        answer: [
          'W panelu znajdziesz kod QR i link zaproszenia do Twojego programu. Wydrukuj kod i postaw go przy kasie albo udostępnij link w mediach społecznościowych. Klient skanuje kod, zakłada konto i dodaje kartę do portfela.',
          'Możesz też założyć konto klientowi samodzielnie w panelu, na przykład przy kasie.',
        ],
        keywords: ['kod QR', 'link', 'plakat', 'nowi klienci'],
      },
      {
        id: 'pracownicy',
        question: 'Czy moi pracownicy mogą przyznawać punkty?',
        answer: [
          'Tak. Dodaj każdego pracownika w panelu — dostanie własne konto pracownika z uprawnieniami, które ustalisz, na przykład tylko skanowanie kart i przyznawanie punktów, bez dostępu do płatności i ustawień.',
          'W historii widać, kto i kiedy przyznał punkty.',
        ],
        keywords: ['pracownik', 'uprawnienia', 'zespół', 'obsługa'],
      },
      {
        id: 'nagrody-i-limity',
        question: 'Jak ustawić nagrody i ich limity?',
        answer: [
          'Każda nagroda ma koszt w punktach lub pieczątkach. Możesz ograniczyć ją czasowo (np. tylko w tygodniu) i dodać limity dostępności, na przykład najwyżej N razy dziennie albo w miesiącu.',
        ],
        keywords: ['nagroda', 'limit', 'rabat', 'gratis'],
      },
      {
        id: 'lokalizacje',
        question: 'Czy karta może przypominać o sobie, gdy klient jest obok mojego lokalu?',
        answer: [
          'Tak. W „Ustawieniach firmy”, w sekcji „Lokalizacje”, dodaj do 10 adresów swoich lokali ze współrzędnymi i krótkim tekstem, np. „Kawiarnia Pod Lipą jest tuż obok — pokaż kartę przy kasie”. Gdy klient z kartą w portfelu będzie w pobliżu, telefon może pokazać mu kartę na ekranie blokady — o ile klient pozwolił portfelowi (Apple Wallet lub Google Wallet) korzystać z lokalizacji; o tym, kiedy dokładnie, decyduje telefon.',
          'Współrzędne skopiujesz z Map Google: kliknij swój lokal prawym przyciskiem myszy i kliknij liczby na górze menu, a potem wklej je w polu „Wklej współrzędne lub link do mapy”. Zmiany trafią na karty klientów automatycznie.',
        ],
        keywords: [
          'lokalizacja',
          'adres',
          'współrzędne',
          'mapa',
          'ekran blokady',
          'w pobliżu',
          'geolokalizacja',
        ],
      },
      {
        id: 'wiadomosci-do-klientow',
        question: 'Jak wysłać wiadomość do klientów?',
        answer: [
          'W zakładce „Wiadomości” w panelu wpisujesz tytuł i krótką treść, wybierasz odbiorców — wszystkich klientów, segment z analityki (np. zagrożeni odejściem albo VIP), klientów jednego programu lub jednego klienta — i wysyłasz od razu albo planujesz na wybrany dzień i godzinę. Przed wysłaniem widzisz podgląd na iPhonie, na Androidzie i w e-mailu oraz liczbę klientów, do których wiadomość dotrze.',
          'Wiadomość trafia na kartę w Apple Wallet i Google Wallet, a e-mailem tylko do klientów, którzy zgodzili się na wiadomości marketingowe od Twojej firmy (każdy e-mail ma link do wypisania się). Google pozwala na najwyżej 3 powiadomienia na kartę dziennie, a między 21:00 a 8:00 nie wysyłamy powiadomień na ekran blokady — wiadomość na karty zaplanowana na tę porę wyjdzie o 8:00 (sam e-mail wychodzi o wybranej porze). Liczba kampanii w tygodniu jest ograniczona; limit i termin następnej widać w panelu, a po wysyłce — raport dostarczenia.',
          'Pracownik może wysyłać wiadomości, jeśli nadasz mu uprawnienie „Wysyłanie wiadomości do klientów”.',
        ],
        keywords: ['powiadomienia', 'kampania', 'promocja', 'marketing', 'e-mail', 'segment'],
      },
      {
        id: 'dane-klientow-rodo',
        question: 'Kto odpowiada za dane moich klientów (RODO)?',
        answer: [
          'Twoja firma jest administratorem danych klientów swojego programu, a Punkto przetwarza je w Twoim imieniu, na podstawie umowy powierzenia zawartej z akceptacją regulaminu. Przechowujemy tylko to, co potrzebne do działania programu.',
          'Szczegóły, w tym prawa klientów i kontakt w sprawie danych, opisuje regulamin w części „Dane osobowe”.',
        ],
        keywords: ['RODO', 'dane osobowe', 'powierzenie', 'prywatność', 'administrator'],
      },
      {
        id: 'analityka',
        question: 'Co pokazują statystyki w panelu?',
        answer: [
          'Panel analityki pokazuje liczbę aktywnych i powracających klientów, najpopularniejsze nagrody, częstotliwość wizyt oraz wyniki ankiet NPS za wybrany okres.',
        ],
        keywords: ['analityka', 'raporty', 'NPS', 'statystyki'],
      },
    ],
  },
];
