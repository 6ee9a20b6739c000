import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api/api-errors';

/** Skeleton rows while a portal query loads. */
export function LoadingBlocks({
  label,
  count = 3,
  height = 60,
}: {
  label: string;
  count?: number;
  height?: number;
}) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed portal query with its Polish reason and a retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Spróbuj ponownie
        </Button>
      </Stack>
    </Alert>
  );
}
