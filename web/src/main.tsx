import './app/zod-config';
import '@mantine/core/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { markAppStarted } from './app/app-started';
import { startErrorReporting } from './app/error-reporting';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { authStore } from './features/auth/stores/auth-store-instance';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Brak elementu #root w index.html');

/** Yields to the browser: what follows runs in a task of its own (no long task on a phone). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start(container: HTMLElement) {
  await nextTask(); // after this module's evaluation
  startErrorReporting();
  const queryClient = createAppQueryClient();
  const router = createAppRouter(queryClient, authStore);
  await nextTask(); // building the route tree and loading the page are separate tasks
  const app = <App queryClient={queryClient} router={router} onStarted={markAppStarted} />;
  if (!container.hasAttribute('data-prerendered')) {
    // A page with static markup from the build (the blog) stays as it is until the app can show the same
    // page, rather than a spinner; then it is replaced. An empty shell gets the app at once.
    if (container.hasChildNodes()) await router.load();
    // A transition: React renders in small slices, so a phone's main thread is never blocked for long.
    startTransition(() => createRoot(container).render(app));
    return;
  }
  // The page on screen was rendered by the app itself at build time (prerender.tsx) for a first visit. Once
  // the app knows who is here and has the page's code, React adopts that markup (hydration) instead of
  // building it again: no second layout of the whole page. The router renders as it did on the server
  // (`ssr`: no suspense boundary around the matches).
  await router.load();
  await nextTask();
  router.ssr = { manifest: undefined };
  // In a transition hydration too goes in small slices instead of one long task.
  startTransition(() => {
    hydrateRoot(container, app, {
      // A signed-in visitor's header differs from the first-visit markup: React renders it anew, as expected.
      onRecoverableError: (error) => console.info('Strona wyrenderowana ponownie w przeglądarce:', error),
    });
  });
}

void start(rootElement);
