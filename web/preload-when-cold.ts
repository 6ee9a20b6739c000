import type { Plugin } from 'vite';

/**
 * Vite's helper for a lazy chunk (`__vitePreload`) adds a `<link rel="modulepreload">` to the page for each of the
 * chunk's dependencies not there yet, so that a first visit fetches them side by side instead of one import level
 * after another over the network. A page the service worker controls (the installed scanner, a returning visitor:
 * ADR 0049) has every chunk in its precache, so the links fetch nothing faster — yet each costs the main thread
 * 1.5–3 ms on a phone's CPU (measured at 4× slowdown), and the scanner's warm start added 44 of them before its
 * first screen. The helper skips them on such a page; the imports themselves are unchanged.
 */
export function preloadWhenCold(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  const condition = '__VITE_IS_MODERN__ && deps && deps.length > 0';
  return {
    name: 'punkto:preload-when-cold',
    apply: 'build',
    transform(code, id) {
      if (id !== helperId) return undefined;
      // Vite's helper changed shape: fail the build rather than silently preload again
      if (!code.includes(condition)) throw new Error(`${helperId} no longer contains “${condition}”`);
      return {
        code: code.replace(
          condition,
          `${condition} && !(typeof navigator !== "undefined" && navigator.serviceWorker && navigator.serviceWorker.controller)`,
        ),
        map: null,
      };
    },
  };
}
