import { Stack } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageHeader } from './page-header';
import { LoadError } from './query-state';

/**
 * The errorComponent of a route whose loader (or suspense query) did not get its data: the page's own title,
 * so the person still knows where they are, what failed (Polish), the server's message, and a retry that
 * loads the route again.
 */
export function routeLoadError(page: string, failure: string) {
  return function RouteLoadError({ error }: ErrorComponentProps) {
    const router = useRouter();
    const queryErrorResetBoundary = useQueryErrorResetBoundary();
    useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
    return (
      <Stack gap="lg">
        <PageHeader title={page} />
        <LoadError title={failure} error={error} onRetry={() => void router.invalidate()} />
      </Stack>
    );
  };
}
