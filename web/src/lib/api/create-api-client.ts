import type { Endpoint } from '@punkto/contracts/endpoint';
import { callEndpoint, type EndpointInput } from './endpoint-call';
import {
  ApiError,
  AuthenticationFailedApiError,
  NetworkApiError,
  ResponseValidationApiError,
  toApiError,
} from './api-errors';
import type { HttpMethod, QueryParams, QueryValue, RequestOptions } from './request-options';
import { createRequestId, createTraceparent } from './tracing';

/** SPEC §7 — the one way the SPA talks to the gateway. */

export type { HttpMethod, QueryParams, RequestOptions } from './request-options';

export type Navigation = {
  /** The current path, e.g. `/panel/karty`. */
  pathname(): string;
  /** Leaves the SPA for `to` (a full page load resets every in-memory state). */
  redirect(to: string): void;
};

export type ApiClientOptions = {
  /** Prefix of every path, e.g. `/api/v1`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Called once per failed refresh (e.g. to mark the auth state unauthenticated). */
  onAuthFailure?: (error: ApiError) => void;
  /** Called with the parsed body of every successful refresh (e.g. to reschedule the next one). */
  onRefreshed?: (body: unknown) => void;
  traceparent?: () => string;
  requestId?: () => string;
  navigation?: Navigation;
  /** Delay before the redirect to the login page after a failed refresh. */
  loginRedirectDelayMs?: number;
  /** the clock of the 403 refresh's once-a-minute rule (tests) */
  now?: () => number;
};

export const REFRESH_PATH = '/users/refresh';
export const LOGIN_PAGE = '/zaloguj';
/** Calls whose 401/302 must not trigger a refresh (SPEC §7). */
const NO_REFRESH_PATHS = new Set(['/users/login', '/users/logout', REFRESH_PATH]);
/** A 403 refreshes the session at most this often (see `request`). */
const FORBIDDEN_REFRESH_INTERVAL_MS = 60_000;
/** Pages where a failed refresh must not redirect (SPEC §8). */
const NO_REDIRECT_PAGES = new Set(['/', LOGIN_PAGE]);
/** Binary bodies (SPEC §7: wallet pass or octet-stream; also the A4 poster PDF) become a Blob. */
const BLOB_CONTENT_TYPES = ['application/vnd.apple.pkpass', 'application/octet-stream', 'application/pdf'];

const browserNavigation: Navigation = {
  pathname: () => globalThis.location?.pathname ?? '/',
  redirect: (to) => globalThis.location?.assign(to),
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const traceparent = options.traceparent ?? (() => createTraceparent());
  const requestId = options.requestId ?? (() => createRequestId());
  const navigation = options.navigation ?? browserNavigation;
  const loginRedirectDelayMs = options.loginRedirectDelayMs ?? 100;

  const now = options.now ?? (() => Date.now());
  /** when a 403 last led to a refresh (at most one a minute: a real refusal stays one call) */
  let forbiddenRefreshAt = -Infinity;
  /** The refresh in flight, shared by every call that hits a 401/302 meanwhile. */
  let refreshInFlight: Promise<unknown> | undefined;
  /** Failures whose login redirect is already scheduled: one redirect per failed refresh. */
  const redirected = new WeakSet<object>();

  function buildUrl(path: string, query?: QueryParams): string {
    const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, raw] of Object.entries(query)) {
      const values = Array.isArray(raw) ? raw : [raw];
      for (const value of values as QueryValue[]) {
        if (value === undefined || value === null) continue;
        params.append(key, value instanceof Date ? value.toISOString() : String(value));
      }
    }
    const search = params.toString();
    return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
  }

  function send(method: HttpMethod, path: string, request: RequestOptions<unknown>): Promise<Response> {
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    const headers: Record<string, string> = {
      traceparent: traceparent(),
      'x-request-id': requestId(),
      ...request.headers,
    };
    if (method !== 'GET' && !isForm) headers['Content-Type'] = 'application/json';

    let body: BodyInit | undefined;
    if (isForm) body = request.body as FormData;
    else if (request.body !== undefined && method !== 'GET') body = JSON.stringify(request.body);

    const init: RequestInit = { method, headers, credentials: 'include' };
    if (body !== undefined) init.body = body;
    if (request.signal) init.signal = request.signal;

    return doFetch(buildUrl(path, request.query), init).catch((error: unknown) => {
      if (isAbortError(error)) throw error;
      throw new NetworkApiError(error);
    });
  }

  function scheduleLoginRedirect(): void {
    if (NO_REDIRECT_PAGES.has(navigation.pathname())) return;
    setTimeout(() => navigation.redirect(LOGIN_PAGE), loginRedirectDelayMs);
  }

  /**
   * One refresh for all concurrent callers; resolves with the refresh response body and rejects with the
   * SPEC §8 error when it fails. Unless `redirectOnFailure` is false, a failure also schedules the
   * login redirect (once per failed refresh, however many callers shared it).
   */
  function refreshSession(refreshOptions: { redirectOnFailure?: boolean } = {}): Promise<unknown> {
    refreshInFlight ??= (async () => {
      try {
        let response: Response;
        try {
          response = await send('GET', REFRESH_PATH, {});
        } catch (error) {
          throw error instanceof NetworkApiError ? error : new AuthenticationFailedApiError(error);
        }
        if (!response.ok) {
          throw new AuthenticationFailedApiError(await toErrorFromResponse(response));
        }
        const body = await parseBody(response).catch(() => undefined);
        options.onRefreshed?.(body);
        return body;
      } catch (error) {
        // No connection is not a refused session (ADR 0015): the session is kept and the refresh tried again
        // later — the offline scanner keeps working through an outage instead of being sent to the login page.
        if (error instanceof NetworkApiError) throw error;
        const failure = error instanceof ApiError ? error : new AuthenticationFailedApiError(error);
        options.onAuthFailure?.(failure);
        throw failure;
      } finally {
        refreshInFlight = undefined;
      }
    })();
    return refreshInFlight.catch((failure: unknown) => {
      if (failure instanceof NetworkApiError) throw failure;
      if (refreshOptions.redirectOnFailure !== false && typeof failure === 'object' && failure !== null) {
        if (!redirected.has(failure)) {
          redirected.add(failure);
          scheduleLoginRedirect();
        }
      }
      throw failure;
    });
  }

  async function request<T>(method: HttpMethod, path: string, request: RequestOptions<T> = {}): Promise<T> {
    let response = await send(method, path, request);

    if (needsRefresh(response) && !NO_REFRESH_PATHS.has(pathOnly(path))) {
      await refreshSession({ redirectOnFailure: request.redirectOnAuthFailure !== false });
      response = await send(method, path, request);
    }

    // A 403 may come from an access token older than the person's rights: a company created in another
    // tab or on another device, a permission granted since. One refresh (at most once a minute) and the call
    // again; a refusal that stands is shown as before.
    if (
      response.status === 403 &&
      !NO_REFRESH_PATHS.has(pathOnly(path)) &&
      now() - forbiddenRefreshAt >= FORBIDDEN_REFRESH_INTERVAL_MS
    ) {
      forbiddenRefreshAt = now();
      const refreshed = await refreshSession({ redirectOnFailure: false }).then(
        () => true,
        () => false,
      );
      if (refreshed) response = await send(method, path, request);
    }

    if (!response.ok) throw await toErrorFromResponse(response);
    if (request.raw) return response as T;

    const data = await parseBody(response);
    if (!request.schema) return data as T;
    const result = request.schema.safeParse(data);
    if (!result.success) {
      throw new ResponseValidationApiError({ status: response.status, body: data, cause: result.error });
    }
    return result.data;
  }

  return {
    request,
    /**
     * THE way the SPA calls the API: names a contract endpoint (`@punkto/contracts/endpoints/*`) and gets typed
     * params, query, body and result; the path, method and response schema come from the endpoint.
     */
    call: <E extends Endpoint>(
      endpoint: E,
      ...input: Partial<EndpointInput<E>> extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
    ) => callEndpoint(request, endpoint, (input[0] ?? {}) as EndpointInput<E>),
    /**
     * A contract endpoint's successful Response with its body unread (same session handling and errors as
     * `call`): for downloads read as a stream, e.g. a CSV export with progress.
     */
    open: <E extends Endpoint>(
      endpoint: E,
      ...input: Partial<EndpointInput<E>> extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
    ): Promise<Response> =>
      callEndpoint(
        (method, path, options) => request(method, path, { ...options, raw: true }),
        endpoint,
        (input[0] ?? {}) as EndpointInput<E>,
      ) as Promise<unknown> as Promise<Response>,
    /** Exposed for the auth store's scheduled refresh; shares the in-flight promise. */
    refreshSession,
  };
}

/**
 * 401, or a 302 that reached us. fetch follows redirects by default, so a 302 is only visible
 * as itself from a fake/manual fetch or as an `opaqueredirect` response.
 */
function needsRefresh(response: Response): boolean {
  return response.status === 401 || response.status === 302 || response.type === 'opaqueredirect';
}

function pathOnly(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function contentType(response: Response): string {
  return (response.headers.get('content-type') ?? '').toLowerCase();
}

function isJson(type: string): boolean {
  return type.includes('application/json') || /\+json\b/.test(type);
}

/** 204 → undefined; JSON → parsed; wallet pass / octet-stream / PDF → Blob; anything else → text. */
async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = contentType(response);
  if (BLOB_CONTENT_TYPES.some((blobType) => type.includes(blobType))) return response.blob();
  const text = await response.text();
  if (isJson(type)) return text ? (JSON.parse(text) as unknown) : undefined;
  return text;
}

async function toErrorFromResponse(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An unreadable body still gives a useful status-based error.
  }
  let body: unknown = text;
  const trimmed = text.trim();
  if (isJson(contentType(response)) || trimmed.startsWith('{')) {
    try {
      body = JSON.parse(trimmed) as unknown;
    } catch {
      body = text;
    }
  }
  return toApiError(response.status, body, text);
}
