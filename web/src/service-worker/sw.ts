/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The staff scanner's service worker (ADR 0049), registered by the panel with the scope `/panel` (the panel's
 * start page and everything under it): pages outside the panel (the public site, the customer portal) are never controlled by it.
 *
 * - Precache: the app shell (`/index.html`) and the app's code (the build's list, injected at
 *   `self.__WB_MANIFEST` by vite-plugin-pwa / workbox-build). A precached file is answered from the cache; its
 *   name carries its content hash, so the cache and the server always agree.
 * - Navigations to a panel page go to the network as before; only when the network itself fails do they get
 *   the cached shell, so the scanner (and its queue in IndexedDB) opens after a reload without a connection.
 * - Everything else, above all the API (`/api/...`: money and points always need the server), is not answered
 *   here: the browser sends it to the network exactly as without a service worker (where it can, without even
 *   asking this worker: the static routes below). Nothing is cached at run time.
 * - A new deploy takes over at once (skipWaiting + clientsClaim): the worker never serves the online app, only
 *   the offline shell, and the queue lives in IndexedDB, not here, so there is nothing for staff to confirm.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The app's shell as the build wrote it (dist/index.html): it boots the router, which renders the page. */
const SHELL = '/index.html';

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

precache(self.__WB_MANIFEST);
// exact URLs only: no `/` → `/index.html` nor `/x` → `/x.html` (the landing page and the pre-rendered pages are
// the server's, never the shell)
addRoute({ directoryIndex: '', cleanURLs: false });

/** A panel page from the network; without a network, the cached shell (the router then renders the page). */
async function panelPage({ request }: { request: Request }): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await matchPrecache(SHELL);
    if (shell) return shell;
    throw error;
  }
}

registerRoute(new NavigationRoute(panelPage, { allowlist: [/^\/panel(\/|$)/] }));

/** InstallEvent.addRoutes, the Service Worker Static Routing API (Chromium 123+; not in TypeScript's lib yet) */
type StaticRoute = {
  condition: { urlPattern: string };
  source: 'network' | { cacheName: string };
};
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (routes: StaticRoute[]) => Promise<void> };

/**
 * Where the browser supports it, the requests this worker does not change skip it: the app's code (`/assets/…`,
 * hashed names) straight from the precache — from the network should one be missing —, the API straight from the
 * network. Otherwise each went through this worker's fetch event first, a hop between threads per request: on a
 * slow phone's warm start, each level of the page's chunks waited ~50–70 ms for it. Without the API, as before.
 */
self.addEventListener('install', (event: RoutingInstallEvent) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: '/assets/*' }, source: { cacheName: cacheNames.precache } },
        { condition: { urlPattern: '/api/*' }, source: 'network' },
      ])
      .catch((error: unknown) => console.warn('Static routes not added', error)),
  );
});
