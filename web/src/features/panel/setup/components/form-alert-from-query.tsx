import { Alert } from '@mantine/core';
import { errorMessage } from '../../../../lib/api/api-errors';

/** A failed load inside the wizard: the SPEC §8 display text. */
export function FormAlertFromQuery({ error, title }: { error: unknown; title: string }) {
  return (
    <Alert color="red" variant="light" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}
