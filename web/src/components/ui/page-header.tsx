import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type PageHeaderProps = { title: string; description?: ReactNode };

/** The page's h1 + lead sentence; also sets the document title. */
export function PageHeader({ title, description }: PageHeaderProps) {
  useDocumentTitle(`${title} · Punkto`);
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="lg">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
