import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { AppToaster } from './app/toaster';
import { startErrorReporting } from './app/error-reporting';
import { authStore } from './features/auth/stores/auth-store-instance';

startErrorReporting();

const queryClient = createAppQueryClient();
const router = createAppRouter(queryClient, authStore);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Brak elementu #root w index.html');

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppToaster />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
