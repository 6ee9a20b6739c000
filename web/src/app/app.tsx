import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';
import { AppToaster } from './toaster';

/** The whole app: in the browser (main.tsx) and when a public page is rendered at build time (prerender.tsx). */
export function App({
  queryClient,
  router,
  onStarted,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /** after the first commit in the browser (never on the server) */
  onStarted?: () => void;
}) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <AppToaster />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
