import type { ApiError } from './api-errors';
import { API_BASE_URL } from './api-base';
import { fetchWithBootPreloads, markAppCodeStarted } from './boot-preloads';
import { createApiClient } from './create-api-client';

type Listener<T> = (value: T) => void;
const authFailureListeners = new Set<Listener<ApiError>>();
const refreshedListeners = new Set<Listener<unknown>>();

markAppCodeStarted();

const client = createApiClient({
  baseUrl: API_BASE_URL,
  // the first calls of a signed-in page may have been asked for already by public/boot.js (ADR 0064)
  fetch: fetchWithBootPreloads(),
  onAuthFailure: (error) => authFailureListeners.forEach((listener) => listener(error)),
  onRefreshed: (body) => refreshedListeners.forEach((listener) => listener(body)),
});

/**
 * The app's client for the gateway (same origin; Vite proxies `/api` in development). It calls contract
 * endpoints only — `api.call(endpoint, { params, query, body })` — so no API path is built by hand in the SPA.
 */
export const api = { call: client.call, open: client.open, refreshSession: client.refreshSession };

/** A refresh failed (SPEC §8): the auth store marks the person unauthenticated. Returns an unsubscribe. */
export function onApiAuthFailure(listener: Listener<ApiError>): () => void {
  authFailureListeners.add(listener);
  return () => authFailureListeners.delete(listener);
}

/** A refresh succeeded (scheduled or after a 401): the auth store records it and reschedules. */
export function onApiSessionRefreshed(listener: Listener<unknown>): () => void {
  refreshedListeners.add(listener);
  return () => refreshedListeners.delete(listener);
}
