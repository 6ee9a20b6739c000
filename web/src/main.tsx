import './app/zod-config';
import '@mantine/core/styles.css';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { markAppStarted } from './app/app-started';
import { startErrorReporting } from './app/error-reporting';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { mayHaveSession } from './features/auth/api/session-hint';
import { authStore } from './features/auth/stores/auth-store-instance';
import type { AuthState } from './features/auth/types';
import { tenantConfigured } from './features/auth/utils/tenant-guard';
import { panelFrameCompany } from './features/auth/utils/guards';
import { fetchPanelFrame } from './features/panel/shell/utils/section-loader';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Brak elementu #root w index.html');

/** Yields to the browser: what follows runs in a task of its own (no long task on a phone). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function start(container: HTMLElement) {
  const shell = !container.hasAttribute('data-prerendered');
  const queryClient = createAppQueryClient();
  // A page served as the app's shell with a session (the panel, the portal) shows nothing before it knows who is
  // here: the profile is asked for at once, not after the router has been built and has begun to load the page
  // (two tasks later; on a phone's CPU about half a second) — and with it, the panel's first data.
  if (shell && mayHaveSession()) startPanelData(queryClient, authStore.ensureReady());
  await nextTask(); // after this module's evaluation
  startErrorReporting();
  const router = createAppRouter(queryClient, authStore);
  if (shell) preloadPageChunks(router);
  await nextTask(); // building the route tree and loading the page are separate tasks
  const app = <App queryClient={queryClient} router={router} onStarted={markAppStarted} />;
  if (shell) {
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

/**
 * The chunks of the page being opened (its route and its layouts, split per route) start downloading now, beside
 * the session check the guards wait for: the router itself asks for them only once every guard has passed, a
 * round trip later (on a phone's line, the panel's and the portal's pages painted 0.3–0.5 s later). Not for an
 * area that needs a session when the browser has none: that visit is sent to the login page.
 */
function preloadPageChunks(router: ReturnType<typeof createAppRouter>) {
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  if (!mayHaveSession() && routes.some((route) => SIGNED_IN_AREAS.has(route.id))) return;
  for (const route of routes) {
    // a chunk that fails here is asked for again by the router, which handles the error as usual
    router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

/**
 * The panel's first data — the company and its subscription (the frame), whether the company is configured (the
 * business guard) — asked for as soon as the profile names the company, beside the rest of the start: the guard then
 * finds it answered or on its way. Asked by the guard alone, it waited for the router to be built and to reach the
 * guard: on a slow phone's warm start the profile was in at 0.85 s and these calls began at 1.35 s (issue 30).
 * Both go through the query cache, so the guard's own calls are answered from it rather than asked again.
 */
function startPanelData(queryClient: QueryClient, ready: Promise<AuthState>) {
  ready
    .then(({ user }) => {
      const company = panelFrameCompany(user, window.location.pathname);
      if (!company || !user) return;
      void fetchPanelFrame(queryClient, company);
      tenantConfigured(queryClient, user).catch(() => undefined);
    })
    .catch(() => undefined); // the guard asks again and handles what fails
}

/** The pathless layouts whose guards send a visitor without a session to /zaloguj. */
const SIGNED_IN_AREAS: ReadonlySet<string> = new Set(['/_business', '/_customer', '/_authenticated']);

void start(rootElement);
