import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  AuthenticationFailedApiError,
  MaintenanceApiError,
  NetworkApiError,
  ResponseValidationApiError,
  ValidationApiError,
} from './api-errors';
import { createApiClient, type ApiClientOptions, type Navigation } from './create-api-client';
import { TRACEPARENT_PATTERN } from './tracing';

type Call = { url: string; init: RequestInit };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function empty(status: number): Response {
  return new Response(null, { status });
}

/** A fake fetch answering by "METHOD path" with a queue of responses (or a function). */
function fakeBackend(routes: Record<string, Array<Response | (() => Response | Promise<Response>)>>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const next = routes[key]?.shift();
    if (!next) throw new Error(`unexpected call ${key}`);
    return typeof next === 'function' ? next() : next;
  });
  const count = (key: string) =>
    calls.filter((c) => `${c.init.method} ${c.url.split('?')[0]}` === key).length;
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, count };
}

function fakeNavigation(pathname: string): Navigation & { redirects: string[] } {
  const redirects: string[] = [];
  return { pathname: () => pathname, redirect: (to) => redirects.push(to), redirects };
}

function client(backend: ReturnType<typeof fakeBackend>, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: '/api/v1',
    fetch: backend.fetch,
    navigation: fakeNavigation('/panel'),
    ...extra,
  });
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('api client — requests', () => {
  it('sends credentials and fresh tracing headers on every call', async () => {
    const backend = fakeBackend({ 'GET /api/v1/users/me': [json({ id: '1' }), json({ id: '1' })] });
    const api = client(backend);

    await api.request('GET', '/users/me');
    await api.request('GET', '/users/me');

    expect(backend.calls).toHaveLength(2);
    for (const call of backend.calls) {
      expect(call.init.credentials).toBe('include');
      expect(headersOf(call).traceparent).toMatch(TRACEPARENT_PATTERN);
      expect(headersOf(call)['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(headersOf(backend.calls[0]).traceparent).not.toBe(headersOf(backend.calls[1]).traceparent);
    expect(headersOf(backend.calls[0])['x-request-id']).not.toBe(headersOf(backend.calls[1])['x-request-id']);
  });

  it('uses injected trace and request id factories', async () => {
    const backend = fakeBackend({ 'GET /api/v1/permissions': [json([])] });
    const api = client(backend, { traceparent: () => 'tp', requestId: () => 'rid' });
    await api.request('GET', '/permissions');
    expect(headersOf(backend.calls[0])).toMatchObject({ traceparent: 'tp', 'x-request-id': 'rid' });
  });

  it('sets no JSON content type on GET', async () => {
    const backend = fakeBackend({ 'GET /api/v1/users/me': [json({})] });
    await client(backend).request('GET', '/users/me');
    expect(headersOf(backend.calls[0])['Content-Type']).toBeUndefined();
    expect(backend.calls[0]?.init.body).toBeUndefined();
  });

  it.each(['post', 'put', 'patch'] as const)(
    '%s sends a JSON body with the JSON content type',
    async (method) => {
      const backend = fakeBackend({
        [`${method.toUpperCase()} /api/v1/users/update-user`]: [json({ ok: true })],
      });
      await client(backend).request(method.toUpperCase() as 'POST', '/users/update-user', {
        body: { username: 'Ala' },
      });
      expect(headersOf(backend.calls[0])['Content-Type']).toBe('application/json');
      expect(backend.calls[0]?.init.body).toBe('{"username":"Ala"}');
      expect(backend.calls[0]?.init.method).toBe(method.toUpperCase());
    },
  );

  it('DELETE sets the JSON content type and may carry a body', async () => {
    const backend = fakeBackend({ 'DELETE /api/v1/payment-methods/remove': [empty(204)] });
    await client(backend).request('DELETE', '/payment-methods/remove', { body: { id: 'pm_1' } });
    expect(headersOf(backend.calls[0])['Content-Type']).toBe('application/json');
    expect(backend.calls[0]?.init.body).toBe('{"id":"pm_1"}');
  });

  it('uploads FormData without a content type so the browser sets the boundary', async () => {
    const backend = fakeBackend({ 'POST /api/v1/tenants/t1/upload-logo': [json({ url: '/logo.png' })] });
    const form = new FormData();
    form.append('Logo', new Blob(['png'], { type: 'image/png' }), 'logo.png');

    const result = await client(backend).request('POST', '/tenants/t1/upload-logo', { body: form });

    expect(result).toEqual({ url: '/logo.png' });
    expect(backend.calls[0]?.init.body).toBe(form);
    expect(headersOf(backend.calls[0])['Content-Type']).toBeUndefined();
    expect(backend.calls[0]?.init.credentials).toBe('include');
  });

  it('serialises query parameters and skips empty ones', async () => {
    const backend = fakeBackend({ 'GET /api/v1/customers/my-history': [json({ items: [] })] });
    await client(backend).request('GET', '/customers/my-history', {
      query: {
        pageNumber: 1,
        pageSize: 20,
        activityType: undefined,
        searchTerm: null,
        sortDescending: false,
      },
    });
    expect(backend.calls[0]?.url).toBe(
      '/api/v1/customers/my-history?pageNumber=1&pageSize=20&sortDescending=false',
    );
  });

  it('serialises arrays and dates', async () => {
    const backend = fakeBackend({ 'GET /api/v1/analytics/t1': [json({})] });
    await client(backend).request('GET', '/analytics/t1', {
      query: { startDate: new Date('2026-01-02T00:00:00.000Z'), ids: ['a', 'b'] },
    });
    expect(backend.calls[0]?.url).toBe(
      '/api/v1/analytics/t1?startDate=2026-01-02T00%3A00%3A00.000Z&ids=a&ids=b',
    );
  });

  it('passes the abort signal through and rethrows aborts untouched', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      expect(init?.signal).toBe(controller.signal);
      throw abort;
    });
    const api = createApiClient({ baseUrl: '/api/v1', fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(api.request('GET', '/users/me', { signal: controller.signal })).rejects.toBe(abort);
  });

  it('wraps a network failure in NetworkApiError with a Polish message', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ baseUrl: '/api/v1', fetch: fetch as unknown as typeof globalThis.fetch });
    const error = await api.request('GET', '/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkApiError);
    expect((error as NetworkApiError).localizedMessage).toMatch(/Brak połączenia/);
  });
});

describe('api client — responses', () => {
  it('parses JSON', async () => {
    const backend = fakeBackend({ 'GET /api/v1/users/me': [json({ id: 'u1', email: 'a@b.pl' })] });
    await expect(client(backend).request('GET', '/users/me')).resolves.toEqual({ id: 'u1', email: 'a@b.pl' });
  });

  it('parses problem+json style content types as JSON', async () => {
    const backend = fakeBackend({
      'GET /api/v1/x': [
        new Response('{"a":1}', { headers: { 'content-type': 'application/vnd.punkto+json' } }),
      ],
    });
    await expect(client(backend).request('GET', '/x')).resolves.toEqual({ a: 1 });
  });

  it('returns undefined for 204', async () => {
    const backend = fakeBackend({ 'POST /api/v1/users/logout': [empty(204)] });
    await expect(client(backend).request('POST', '/users/logout')).resolves.toBeUndefined();
  });

  it('returns undefined for an empty JSON body', async () => {
    const backend = fakeBackend({
      'POST /api/v1/x': [new Response('', { status: 200, headers: { 'content-type': 'application/json' } })],
    });
    await expect(client(backend).request('POST', '/x')).resolves.toBeUndefined();
  });

  it.each(['application/vnd.apple.pkpass', 'application/octet-stream', 'application/pdf'])(
    'returns a Blob for %s',
    async (type) => {
      const backend = fakeBackend({
        'GET /api/v1/cards/c1/create-apple-pass/x': [
          new Response('PK\u0003\u0004', { headers: { 'content-type': type } }),
        ],
      });
      const result = await client(backend).request('GET', '/cards/c1/create-apple-pass/x');
      expect(result).toBeInstanceOf(Blob);
      expect(await (result as Blob).text()).toBe('PK\u0003\u0004');
    },
  );

  it('reads anything else as text', async () => {
    const backend = fakeBackend({
      'GET /api/v1/x': [new Response('plain', { headers: { 'content-type': 'text/plain' } })],
    });
    await expect(client(backend).request('GET', '/x')).resolves.toBe('plain');
  });

  it('validates the response with a zod schema and returns the parsed data', async () => {
    const backend = fakeBackend({
      'GET /api/v1/maintenance/status': [json({ maintenanceMode: true, extra: 1 })],
    });
    const schema = z.object({ maintenanceMode: z.boolean() });
    const result = await client(backend).request('GET', '/maintenance/status', { schema });
    expect(result).toEqual({ maintenanceMode: true });
  });

  it('throws ResponseValidationApiError when the schema does not match', async () => {
    const backend = fakeBackend({ 'GET /api/v1/maintenance/status': [json({ maintenanceMode: 'yes' })] });
    const schema = z.object({ maintenanceMode: z.boolean() });
    const error = await client(backend)
      .request('GET', '/maintenance/status', { schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationApiError);
    expect((error as ApiError).status).toBe(200);
  });
});

describe('api client — errors (SPEC §8)', () => {
  it('400 with an errors map → ValidationApiError', async () => {
    const backend = fakeBackend({
      'POST /api/v1/users/register': [
        json(
          {
            code: 'VALIDATION_ERROR',
            title: 'Validation failed',
            localizedMessage: 'Popraw błędy w formularzu',
            status: 400,
            errors: { email: ['Nieprawidłowy e-mail', 'Wymagane'], password: ['Za krótkie'] },
          },
          400,
        ),
      ],
    });
    const error = await client(backend)
      .request('POST', '/users/register', { body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationApiError);
    const validation = error as ValidationApiError;
    expect(validation.isValidation).toBe(true);
    expect(validation.message).toBe('email: Nieprawidłowy e-mail, Wymagane; password: Za krótkie');
    expect(validation.errors.password).toEqual(['Za krótkie']);
    expect(validation.localizedMessage).toBe('Popraw błędy w formularzu');
  });

  it('503 with underMaintenance → MaintenanceApiError', async () => {
    const backend = fakeBackend({
      'GET /api/v1/cards': [json({ underMaintenance: true, message: 'x', statusUrl: '' }, 503)],
    });
    const error = await client(backend)
      .request('GET', '/cards')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaintenanceApiError);
    expect((error as MaintenanceApiError).message).toBe('Application is under maintenance');
    expect((error as MaintenanceApiError).statusUrl).toBe('/status-konserwacji');
  });

  it('403 keeps the server code and localized message', async () => {
    const backend = fakeBackend({
      'GET /api/v1/permissions': [
        json({ code: 'TENANT.FOREIGN', localizedMessage: 'To nie Twoja firma' }, 403),
        json({ code: 'TENANT.FOREIGN', localizedMessage: 'To nie Twoja firma' }, 403),
      ],
      'GET /api/v1/users/refresh': [json({ user: {} })],
    });
    const error = (await client(backend)
      .request('GET', '/permissions')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.name).toBe('PermissionDeniedApiError');
    expect(error).toMatchObject({
      status: 403,
      code: 'TENANT.FOREIGN',
      localizedMessage: 'To nie Twoja firma',
    });
  });

  it('a 403 from a token older than the rights: one refresh, the call again, and it works', async () => {
    const refreshed: unknown[] = [];
    const backend = fakeBackend({
      'GET /api/v1/tenants/t1': [json({ code: 'PERMISSION_DENIED' }, 403), json({ id: 't1' })],
      'GET /api/v1/users/refresh': [json({ user: { tenantId: 't1' } })],
    });
    const result = await client(backend, { onRefreshed: (body) => refreshed.push(body) }).request(
      'GET',
      '/tenants/t1',
    );
    expect(result).toEqual({ id: 't1' });
    expect(refreshed).toEqual([{ user: { tenantId: 't1' } }]);
    expect(backend.count('GET /api/v1/users/refresh')).toBe(1);
  });

  it('a refusal that stands costs one refresh a minute at most, and never a login redirect', async () => {
    let clock = 0;
    const navigation = fakeNavigation('/panel');
    const denied = () => json({ code: 'PERMISSION_DENIED' }, 403);
    const backend = fakeBackend({
      'POST /api/v1/cards/c1/redeem': [denied, denied, denied, denied, denied],
      'GET /api/v1/users/refresh': [json({ user: {} }), empty(401)],
    });
    const api = client(backend, { now: () => clock, navigation, loginRedirectDelayMs: 0 });
    const attempt = () => api.request('POST', '/cards/c1/redeem', { body: {} }).catch((e: unknown) => e);
    expect(await attempt()).toMatchObject({ status: 403 });
    clock += 30_000;
    expect(await attempt()).toMatchObject({ status: 403 }); // within the minute: no refresh
    expect(backend.count('GET /api/v1/users/refresh')).toBe(1);
    clock += 30_000;
    expect(await attempt()).toMatchObject({ status: 403 }); // the refresh fails: the 403 stands
    expect(backend.count('GET /api/v1/users/refresh')).toBe(2);
    expect(backend.count('POST /api/v1/cards/c1/redeem')).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(navigation.redirects).toEqual([]);
  });

  it('a 500 with code + localizedMessage is thrown as is', async () => {
    const backend = fakeBackend({
      'GET /api/v1/x': [
        json({ code: 'INTERNAL_ERROR', localizedMessage: 'Coś poszło nie tak', traceId: 't1' }, 500),
      ],
    });
    const error = (await client(backend)
      .request('GET', '/x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      localizedMessage: 'Coś poszło nie tak',
      message: 'Coś poszło nie tak',
      traceId: 't1',
    });
  });

  it('reads a JSON error body even when the content type says text', async () => {
    const backend = fakeBackend({
      'GET /api/v1/x': [
        new Response('{"title":"Nope"}', { status: 409, headers: { 'content-type': 'text/plain' } }),
      ],
    });
    await expect(client(backend).request('GET', '/x')).rejects.toThrow('Nope');
  });

  it('a text body becomes the message; an empty one the generic message', async () => {
    const backend = fakeBackend({
      'GET /api/v1/a': [
        new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
      ],
      'GET /api/v1/b': [empty(500)],
    });
    const api = client(backend);
    await expect(api.request('GET', '/a')).rejects.toThrow('Bad gateway');
    await expect(api.request('GET', '/b')).rejects.toThrow('Request failed with status 500');
  });
});

describe('api client — session refresh on 401/302 (SPEC §7)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes once and retries the original call', async () => {
    const backend = fakeBackend({
      'GET /api/v1/users/me': [
        json({ code: 'UNAUTHENTICATED', localizedMessage: 'x' }, 401),
        json({ id: 'u1' }),
      ],
      'GET /api/v1/users/refresh': [empty(204)],
    });
    await expect(client(backend).request('GET', '/users/me')).resolves.toEqual({ id: 'u1' });
    expect(backend.calls.map((c) => c.url)).toEqual([
      '/api/v1/users/me',
      '/api/v1/users/refresh',
      '/api/v1/users/me',
    ]);
    const refresh = backend.calls[1]!;
    expect(refresh.init.credentials).toBe('include');
    expect(headersOf(refresh).traceparent).toMatch(TRACEPARENT_PATTERN);
    // The retry is a new request with its own trace.
    expect(headersOf(backend.calls[2]).traceparent).not.toBe(headersOf(backend.calls[0]).traceparent);
  });

  it('treats a 302 like a 401 and retries a POST with the same body', async () => {
    const backend = fakeBackend({
      'POST /api/v1/cards/c1/stamps': [empty(302), json({ stamps: 3 })],
      'GET /api/v1/users/refresh': [empty(200)],
    });
    await expect(
      client(backend).request('POST', '/cards/c1/stamps', { body: { count: 1 } }),
    ).resolves.toEqual({
      stamps: 3,
    });
    expect(backend.calls[2]?.init.body).toBe('{"count":1}');
  });

  it('concurrent 401s share exactly one refresh call', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<Response>((resolve) => {
      releaseRefresh = () => resolve(empty(204));
    });
    const backend = fakeBackend({
      'GET /api/v1/a': [empty(401), json('a')],
      'GET /api/v1/b': [empty(401), json('b')],
      'GET /api/v1/c': [empty(401), json('c')],
      'GET /api/v1/users/refresh': [() => refreshGate],
    });
    const api = client(backend);

    const results = Promise.all([
      api.request('GET', '/a'),
      api.request('GET', '/b'),
      api.request('GET', '/c'),
    ]);
    await vi.waitFor(() => expect(backend.count('GET /api/v1/users/refresh')).toBe(1));
    releaseRefresh();

    await expect(results).resolves.toEqual(['a', 'b', 'c']);
    expect(backend.count('GET /api/v1/users/refresh')).toBe(1);
  });

  it('a later 401, after the shared refresh settled, refreshes again', async () => {
    const backend = fakeBackend({
      'GET /api/v1/a': [empty(401), json('a1'), empty(401), json('a2')],
      'GET /api/v1/users/refresh': [empty(204), empty(204)],
    });
    const api = client(backend);
    await expect(api.request('GET', '/a')).resolves.toBe('a1');
    await expect(api.request('GET', '/a')).resolves.toBe('a2');
    expect(backend.count('GET /api/v1/users/refresh')).toBe(2);
  });

  it('retries only once: a second 401 becomes an error, not another refresh', async () => {
    const backend = fakeBackend({
      'GET /api/v1/users/me': [
        empty(401),
        json({ code: 'UNAUTHENTICATED', localizedMessage: 'Zaloguj się' }, 401),
      ],
      'GET /api/v1/users/refresh': [empty(204)],
    });
    const error = (await client(backend)
      .request('GET', '/users/me')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', localizedMessage: 'Zaloguj się' });
    expect(backend.count('GET /api/v1/users/refresh')).toBe(1);
  });

  it.each([
    ['POST', '/users/login'],
    ['POST', '/users/logout'],
    ['GET', '/users/refresh'],
    ['GET', '/users/refresh?x=1'],
  ])('%s %s never triggers a refresh', async (method, path) => {
    const backend = fakeBackend({
      [`${method} /api/v1${path.split('?')[0]}`]: [
        json({ code: 'UNAUTHENTICATED', localizedMessage: 'Nieprawidłowy e-mail lub hasło' }, 401),
      ],
    });
    const nav = fakeNavigation('/panel');
    const onAuthFailure = vi.fn();
    const api = client(backend, { navigation: nav, onAuthFailure });

    const error = (await api.request(method as 'GET' | 'POST', path).catch((e: unknown) => e)) as ApiError;

    expect(error.localizedMessage).toBe('Nieprawidłowy e-mail lub hasło');
    expect(backend.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav.redirects).toEqual([]);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('a failed refresh rejects with the SPEC message and redirects to /zaloguj after 100 ms', async () => {
    const backend = fakeBackend({
      'GET /api/v1/users/me': [empty(401)],
      'GET /api/v1/users/refresh': [json({ code: 'REFRESH_FAILED', localizedMessage: 'x' }, 401)],
    });
    const nav = fakeNavigation('/panel/klienci');
    const onAuthFailure = vi.fn();
    const api = client(backend, { navigation: nav, onAuthFailure });

    const error = await api.request('GET', '/users/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AuthenticationFailedApiError);
    expect((error as Error).message).toBe('Authentication failed and refresh was unsuccessful');
    expect((error as ApiError).status).toBe(401);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledWith(error);
    expect(backend.calls).toHaveLength(2); // no retry after a failed refresh

    await vi.advanceTimersByTimeAsync(99);
    expect(nav.redirects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(nav.redirects).toEqual(['/zaloguj']);
  });

  it('a refresh that fails on the network is no connection, not a refused session: no sign-out, no redirect', async () => {
    const nav = fakeNavigation('/panel/skaner');
    const onAuthFailure = vi.fn();
    let call = 0;
    const fetch = vi.fn(async () => {
      call += 1;
      if (call === 1) return empty(401);
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({
      baseUrl: '/api/v1',
      fetch: fetch as unknown as typeof globalThis.fetch,
      navigation: nav,
      onAuthFailure,
    });
    const error = await api.request('GET', '/cards').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkApiError);
    // the scheduled refresh of the auth store, offline: the same
    await expect(api.refreshSession()).rejects.toBeInstanceOf(NetworkApiError);
    await vi.advanceTimersByTimeAsync(100);
    expect(nav.redirects).toEqual([]);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('concurrent calls whose shared refresh fails all reject, with one redirect and one auth failure', async () => {
    const backend = fakeBackend({
      'GET /api/v1/a': [empty(401)],
      'GET /api/v1/b': [empty(401)],
      'GET /api/v1/users/refresh': [empty(401)],
    });
    const nav = fakeNavigation('/panel');
    const onAuthFailure = vi.fn();
    const api = client(backend, { navigation: nav, onAuthFailure });

    const results = await Promise.allSettled([api.request('GET', '/a'), api.request('GET', '/b')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(backend.count('GET /api/v1/users/refresh')).toBe(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(nav.redirects).toEqual(['/zaloguj']);
  });

  it.each(['/', '/zaloguj'])('does not redirect when already on %s', async (pathname) => {
    const backend = fakeBackend({
      'GET /api/v1/users/me': [empty(401)],
      'GET /api/v1/users/refresh': [empty(401)],
    });
    const nav = fakeNavigation(pathname);
    const api = client(backend, { navigation: nav });

    await expect(api.request('GET', '/users/me')).rejects.toBeInstanceOf(AuthenticationFailedApiError);
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav.redirects).toEqual([]);
  });

  it('refreshSession can be called directly and shares the in-flight refresh', async () => {
    const backend = fakeBackend({ 'GET /api/v1/users/refresh': [empty(204)] });
    const api = client(backend);
    await Promise.all([api.refreshSession(), api.refreshSession()]);
    expect(backend.count('GET /api/v1/users/refresh')).toBe(1);
  });

  it('a call with redirectOnAuthFailure: false rejects without redirecting (anonymous profile load)', async () => {
    const backend = fakeBackend({
      'GET /api/v1/users/me': [empty(401)],
      'GET /api/v1/users/refresh': [empty(401)],
    });
    const nav = fakeNavigation('/blog');
    const onAuthFailure = vi.fn();
    const api = client(backend, { navigation: nav, onAuthFailure });

    await expect(api.request('GET', '/users/me', { redirectOnAuthFailure: false })).rejects.toBeInstanceOf(
      AuthenticationFailedApiError,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav.redirects).toEqual([]);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('a shared failed refresh still redirects once when one of the callers wants the redirect', async () => {
    const backend = fakeBackend({
      'GET /api/v1/users/me': [empty(401)],
      'GET /api/v1/a': [empty(401)],
      'GET /api/v1/users/refresh': [empty(401)],
    });
    const nav = fakeNavigation('/panel');
    const api = client(backend, { navigation: nav });

    await Promise.allSettled([
      api.request('GET', '/users/me', { redirectOnAuthFailure: false }),
      api.request('GET', '/a'),
    ]);
    await vi.advanceTimersByTimeAsync(100);
    expect(nav.redirects).toEqual(['/zaloguj']);
  });

  it('hands the body of a successful refresh to onRefreshed and to the caller', async () => {
    const session = { user: { id: '1' }, accessTokenExpiresAt: '2026-01-01T00:30:00.000Z' };
    const backend = fakeBackend({ 'GET /api/v1/users/refresh': [json(session)] });
    const onRefreshed = vi.fn();
    const api = client(backend, { onRefreshed });
    await expect(api.refreshSession()).resolves.toEqual(session);
    expect(onRefreshed).toHaveBeenCalledWith(session);
  });
});

describe('api client — open (a download read as a stream)', () => {
  const exportEndpoint = {
    method: 'get',
    path: '/api/v1/tenants/{id}/exports/clients',
    owner: 'tenant',
    summary: 'CSV',
    tags: [],
    auth: 'clients.view',
    produces: 'text/csv',
  } as const;

  it('answers the Response unread, after the same session refresh as any call', async () => {
    const csv = new Response('\uFEFFA;B\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    const backend = fakeBackend({
      'GET /api/v1/tenants/t%201/exports/clients': [empty(401), csv],
      'GET /api/v1/users/refresh': [json({ user: {} })],
    });
    const response = await client(backend).open(
      exportEndpoint as never,
      {
        params: { id: 't 1' },
        query: { searchTerm: 'łucja' },
      } as never,
    );
    expect(response).toBe(csv);
    expect(response.bodyUsed).toBe(false);
    expect(backend.calls.at(-1)!.url).toBe('/api/v1/tenants/t%201/exports/clients?searchTerm=%C5%82ucja');
  });

  it('throws the SPEC §8 error of a refusal instead of a Response', async () => {
    const backend = fakeBackend({
      'GET /api/v1/tenants/t1/exports/clients': [
        json({ errors: { 'query.from': ['Podaj datę w formacie RRRR-MM-DD.'] } }, 400),
      ],
    });
    await expect(
      client(backend).open(exportEndpoint as never, { params: { id: 't1' } } as never),
    ).rejects.toBeInstanceOf(ValidationApiError);
  });
});
