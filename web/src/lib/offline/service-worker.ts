/**
 * Registers the staff scanner's service worker (ADR 0049, src/service-worker/sw.ts) for the panel's pages
 * (`/panel`, `/panel/…`): after that a panel page reloaded without a connection still opens from the cached app shell.
 * Only in a production build (Vite's dev server has no worker), only where the browser has service workers, and
 * after the page has loaded, so precaching the app's code never competes with the page's own start.
 */
export function registerScannerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/panel' }).catch((error: unknown) => {
      // the panel works as before without it; only a reload offline is not possible
      console.warn('Nie udało się zarejestrować service workera skanera:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
