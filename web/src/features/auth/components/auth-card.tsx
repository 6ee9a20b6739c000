import { Box, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';

/** Narrow, phone-friendly frame of the sign-in pages. */
export function AuthCard({
  title,
  description,
  children,
  width = 460,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box maw={width} mx="auto" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <PageHeader title={title} description={description} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}
