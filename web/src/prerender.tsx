import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { authStore } from './features/auth/stores/auth-store-instance';

/**
 * Build-time rendering of a public page (web/vite.config.ts, `prerender`): the HTML a first-time visitor
 * sees before any JavaScript runs — nobody is signed in (there is no session-hint cookie, so the auth store
 * settles as unauthenticated without a call) and no consent is stored. main.tsx then starts the app over it.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createAppQueryClient();
  const router = createAppRouter(queryClient, authStore, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(<App queryClient={queryClient} router={router} />);
}
