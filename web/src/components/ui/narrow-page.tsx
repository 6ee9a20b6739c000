import { Box, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

type NarrowPageProps = {
  title: string;
  description: ReactNode;
  children?: ReactNode;
};

/** A single-column page (max 820 px): its title and description, and the content below. */
export function NarrowPage({ title, description, children }: NarrowPageProps) {
  return (
    <Box maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader title={title} description={description} />
        {children}
      </Stack>
    </Box>
  );
}
