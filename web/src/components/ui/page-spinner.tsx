import { Center, Loader } from '@mantine/core';

/** Fallback while a lazy page or its data loads (SPEC §2). */
export function PageSpinner() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader size="lg" aria-label="Ładowanie…" />
    </Center>
  );
}
