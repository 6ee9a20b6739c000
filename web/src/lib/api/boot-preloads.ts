/**
 * The answers public/boot.js asked for before the app's code had loaded (issue 30, ADR 0064): the profile and, on a
 * page of the panel, the company's first data. The API client's `fetch` takes one instead of asking again.
 *
 * - Once: a taken answer is gone, so a later call of the same address asks the server.
 * - Only a GET of exactly the address asked for, and only within BOOT_PRELOAD_MS of the page's start: after that
 *   the app has long asked for what it needs first, and an answer kept longer could be out of date.
 * - None after the first call that changes something (`dropBootPreloads`): after a login, a logout or any other
 *   change, an answer asked for before it may describe what is no longer so — a profile of who was signed in.
 */

/** what boot.js leaves on `window`: address → the answer's promise; `closed` stops it asking for more */
export type BootPreloads = Map<string, Promise<Response>> & { closed?: boolean };

declare global {
  interface Window {
    __punktoBoot?: BootPreloads;
  }
}

export const BOOT_PRELOAD_MS = 10_000;

type BootScope = { __punktoBoot?: BootPreloads; location?: { origin: string } };
const scope = (): BootScope => globalThis as BootScope;

/** The answer boot.js has for this request, taken (so never given twice), or undefined. */
export function takeBootPreload(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  msSinceStart: number = globalThis.performance?.now() ?? Infinity,
): Promise<Response> | undefined {
  const preloads = scope().__punktoBoot;
  if (!preloads || preloads.size === 0) return undefined;
  if (msSinceStart > BOOT_PRELOAD_MS) {
    dropBootPreloads();
    return undefined;
  }
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET' || typeof input !== 'string') return undefined;
  const answer = preloads.get(input);
  if (answer) preloads.delete(input);
  return answer;
}

/** Forgets every answer boot.js asked for and stops it asking for more (a change was made, or time is up). */
export function dropBootPreloads(): void {
  const preloads = scope().__punktoBoot;
  if (!preloads) return;
  preloads.closed = true;
  preloads.clear();
}

/** The app's `fetch`: a boot answer when there is one for this request; any call that is not a GET drops them. */
export function fetchWithBootPreloads(
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): typeof fetch {
  return (input, init) => {
    const preloaded = takeBootPreload(input, init);
    if (preloaded) return preloaded;
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET') dropBootPreloads();
    return fetchImpl(input, init);
  };
}
