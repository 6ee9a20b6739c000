import { Group, Text } from '@mantine/core';
import { ButtonLink } from './link';
import { NarrowPage } from './narrow-page';

/** Shown for any path that matches no route (SPEC §2, §8). */
export function NotFoundPage() {
  return (
    <NarrowPage
      title="Nie znaleziono strony"
      description="Strona, której szukasz, nie istnieje lub została przeniesiona."
    >
      <Text c="dimmed">Sprawdź adres albo wróć na stronę główną.</Text>
      <Group>
        <ButtonLink to="/">Strona główna</ButtonLink>
        <ButtonLink to="/pomoc" variant="default">
          Pomoc
        </ButtonLink>
      </Group>
    </NarrowPage>
  );
}
