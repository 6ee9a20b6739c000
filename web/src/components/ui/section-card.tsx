import { Card, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of a page on its own card: the heading (h2, h4-sized) over its content, `gap` apart. */
export function SectionCard({
  title,
  gap = 'sm',
  children,
}: {
  title: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <Stack gap={gap}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
