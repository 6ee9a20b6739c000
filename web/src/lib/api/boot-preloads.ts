/**
 * The answers public/boot.js asked for before the app's code had loaded (issue 30, ADR 0064): the profile and, on a
 * page of the panel, the company's first data. The API client's `fetch` takes one instead of asking again.
 *
 * - Once: a taken answer is gone, so a later call of the same address asks the server.
 * - Only a GET of exactly the address asked for, and only within BOOT_PRELOAD_MS of the page's start: after that
 *   the app has long asked for what it needs first, and an answer kept longer could be out of date.
 * - None after the first call that changes something (`dropBootPreloads`): after a login, a logout or any other
 *   change, an answer asked for before it may describe what is no longer so — a profile of who was signed in; none
 *   after a session refresh either (the app may have started before boot.js ran, and a 401 boot got for the old
 *   access token would otherwise answer the call the app repeats with the new one).
 */

import { API_BASE_URL } from './api-base';
import { REFRESH_PATH } from './create-api-client';

/** what boot.js leaves on `window`: address → the answer's promise; `closed` stops it asking for more */
export type BootPreloads = Map<string, Promise<Response>> & { closed?: boolean };

declare global {
  interface Window {
    __punktoBoot?: BootPreloads;
  }
}

export const BOOT_PRELOAD_MS = 10_000;

type BootScope = { __punktoBoot?: BootPreloads };
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

/**
 * The app's `fetch`: a boot answer when there is one for this request. Any call that is not a GET drops them, and so
 * does a session refresh: an answer asked for with the access token before it may be that token's refusal (401),
 * which the call repeated after the refresh must not get again.
 */
export function fetchWithBootPreloads(
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  refreshPath = `${API_BASE_URL}${REFRESH_PATH}`,
): typeof fetch {
  return (input, init) => {
    if (input === refreshPath) dropBootPreloads();
    const preloaded = takeBootPreload(input, init);
    if (preloaded) return preloaded;
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET') dropBootPreloads();
    return fetchImpl(input, init);
  };
}

/**
 * The app's code has started: a boot.js that runs only now (it is `async`) finds the mark and asks for nothing,
 * instead of asking again for what the app is already asking for. Called once by the API client's module.
 */
export function markAppCodeStarted(): void {
  scope().__punktoBoot ??= Object.assign(new Map<string, Promise<Response>>(), { closed: true });
}
