import { Box, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

type PlaceholderPageProps = {
  title: string;
  description: ReactNode;
  children?: ReactNode;
};

/** A page that exists in the routing shell and is built out by a later issue. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <Box maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title={title} description={description} />
        {children}
      </Stack>
    </Box>
  );
}
