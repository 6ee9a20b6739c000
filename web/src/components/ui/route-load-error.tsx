import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadError } from './query-state';

/**
 * The errorComponent of a route whose loader (or suspense query) did not get its data: what failed, in Polish,
 * the server's message, and a retry that loads the route again.
 */
export function routeLoadError(title: string) {
  return function RouteLoadError({ error }: ErrorComponentProps) {
    const router = useRouter();
    const queryErrorResetBoundary = useQueryErrorResetBoundary();
    useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
    return <LoadError title={title} error={error} onRetry={() => void router.invalidate()} />;
  };
}
