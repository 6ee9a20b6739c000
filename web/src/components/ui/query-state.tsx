import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api/api-errors';

/** Skeleton rows while a list or page query loads. */
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
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed query with its Polish reason and a retry button. */
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

/** The card shown instead of an empty list: what is missing, why, and (optionally) what to do about it. */
export function EmptyState({
  title,
  titleAs,
  children,
  actions,
}: {
  title: string;
  /** the heading element, when the title is the section's heading (e.g. 'h2') */
  titleAs?: 'h2' | 'h3';
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder padding="xl">
      <Stack gap="sm" align="center" ta="center">
        <Text fw={600} size="lg" component={titleAs ?? 'p'}>
          {title}
        </Text>
        <Text c="dimmed" size="sm" maw={480}>
          {children}
        </Text>
        {actions}
      </Stack>
    </Card>
  );
}
