import { Alert } from '@mantine/core';

/** The form-level error of a failed call (SPEC §8 display text). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
