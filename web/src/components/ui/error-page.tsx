import { Alert, Button, Group } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { errorMessage } from '../../lib/api/api-errors';
import { ButtonLink } from './link';
import { NarrowPage } from './narrow-page';

/** Default route error boundary: the display text of the error and a retry. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <NarrowPage title="Coś poszło nie tak" description="Nie udało się wyświetlić tej strony.">
      <Alert color="red" variant="light" title="Szczegóły błędu">
        {errorMessage(error)}
      </Alert>
      <Group>
        <Button onClick={retry}>Spróbuj ponownie</Button>
        <ButtonLink to="/" variant="default">
          Strona główna
        </ButtonLink>
      </Group>
    </NarrowPage>
  );
}
