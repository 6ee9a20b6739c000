import { Accordion, Anchor, Box, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTypedBeforeStart } from '../../../lib/form/typed-before-start';
import { AnchorLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { plural } from '../../../lib/format';
import { CONTACT_EMAIL } from '../content/contact';
import { FAQ_SECTIONS } from '../content/faq';
import { searchFaq, searchWords } from '../utils/search-faq';

type HelpCenterProps = {
  /** the search box's text (kept in the address as `?szukaj=`) */
  query: string;
  /** a question to show open, e.g. from the address's `#pracownicy` */
  openQuestion?: string | undefined;
  onQueryChange: (query: string) => void;
};

/** Polish plural: 1 pytanie, 2–4 pytania, 5+ pytań (12–14 pytań). */
function questionCount(count: number): string {
  return `${count} ${plural(count, 'pytanie', 'pytania', 'pytań')}`;
}

/** `/pomoc`: the FAQ for customers and business owners with a search box, and how to reach us. */
export function HelpCenter({ query, openQuestion, onQueryChange }: HelpCenterProps) {
  // the page is rendered at build time: a search typed before the app started is kept
  const searchRef = useTypedBeforeStart<HTMLInputElement>();
  const searching = searchWords(query).length > 0;
  const sections = useMemo(
    () =>
      FAQ_SECTIONS.map((section) => ({ ...section, items: searchFaq(section.items, query) })).filter(
        (section) => section.items.length > 0,
      ),
    [query],
  );
  const found = sections.reduce((sum, section) => sum + section.items.length, 0);

  return (
    <Stack gap="xl" py={{ base: 'lg', sm: 'xl' }} maw={860}>
      <PageHeader
        title="Pomoc"
        description="Odpowiedzi na najczęstsze pytania klientów i firm korzystających z Punkto."
      />

      <Box
        component="form"
        role="search"
        aria-label="Szukaj w pytaniach"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextInput
          type="search"
          size="md"
          label="Szukaj w pytaniach"
          description="Wpisz słowo, np. portfel, pieczątki, faktura, RODO."
          ref={searchRef}
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          autoComplete="off"
        />
      </Box>

      <Text
        role="status"
        size={found === 0 ? 'lg' : 'sm'}
        c={found === 0 ? undefined : 'dimmed'}
        data-testid="faq-result-count"
      >
        {!searching
          ? `${questionCount(found)} w dwóch częściach: dla klientów i dla firm.`
          : found > 0
            ? `Znaleziono ${questionCount(found)}.`
            : `Nie znaleziono pytań pasujących do „${query.trim()}”.`}
      </Text>

      {found === 0 ? (
        <Stack gap="sm" align="flex-start" data-testid="faq-empty">
          <Text c="dimmed">
            Spróbuj innego słowa albo napisz do nas — adres znajdziesz poniżej, w części „Kontakt”.
          </Text>
          <Button variant="default" onClick={() => onQueryChange('')}>
            Wyczyść wyszukiwanie
          </Button>
        </Stack>
      ) : (
        sections.map((section) => (
          <Stack key={section.id} gap="sm" component="section" aria-labelledby={`faq-${section.id}`}>
            <Title order={2} id={`faq-${section.id}`} fz={{ base: 'xl', sm: 24 }}>
              {section.title}
            </Title>
            <Accordion
              multiple
              variant="separated"
              order={3}
              defaultValue={openQuestion ? [openQuestion] : []}
            >
              {section.items.map((item) => (
                <Accordion.Item key={item.id} value={item.id} id={item.id} style={{ scrollMarginTop: 80 }}>
                  <Accordion.Control>{item.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      {item.answer.map((paragraph) => (
                        <Text key={paragraph}>{paragraph}</Text>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        ))
      )}

      <Stack
        gap="xs"
        component="section"
        aria-labelledby="kontakt-title"
        id="kontakt"
        style={{ scrollMarginTop: 80 }}
      >
        <Title order={2} id="kontakt-title" fz={{ base: 'xl', sm: 24 }}>
          Kontakt
        </Title>
        <Text>
          Nie znalazłeś odpowiedzi? Napisz na{' '}
          <Anchor underline="always" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </Anchor>
          . Klienci firm mogą też zapytać bezpośrednio firmę, w której zbierają punkty. Zasady korzystania z
          serwisu opisuje{' '}
          <AnchorLink underline="always" to="/regulamin">
            regulamin
          </AnchorLink>
          , a bieżącą dostępność usług —{' '}
          <AnchorLink underline="always" to="/status">
            strona statusu
          </AnchorLink>
          .
        </Text>
      </Stack>
    </Stack>
  );
}
