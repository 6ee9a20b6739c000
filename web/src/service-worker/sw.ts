/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
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
 *   here: the browser sends it to the network exactly as without a service worker. Nothing is cached at run
 *   time.
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
