import { Alert, Stack } from '@mantine/core';
import { ButtonLink } from './link';

/** A panel section needs the company to exist first (an owner who skipped /uzupelnij-konto). */
export function CompanyRequired() {
  return (
    <Stack py={{ base: 'md', sm: 'lg' }} maw={640}>
      <Alert color="yellow" variant="light" title="Najpierw uzupełnij dane firmy">
        Ta część panelu będzie dostępna, gdy zarejestrujesz firmę.
      </Alert>
      <ButtonLink to="/uzupelnij-konto" w="fit-content">
        Uzupełnij konto
      </ButtonLink>
    </Stack>
  );
}
