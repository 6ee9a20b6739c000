import type { SessionResponse } from '@punkto/contracts/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationFailedApiError, NetworkApiError, toApiError } from '../../../lib/api/api-errors';
import type { AuthUser } from '../types';
import { createAuthStore, type AuthGateway, type SessionTimingStorage } from './auth-store';
import type { SessionTiming } from './refresh-scheduler';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 15, 10, 0, 0);
const owner: AuthUser = {
  id: 'u-1',
  email: 'anna@kawiarnia.pl',
  tenantId: null,
  role: 'business_owner',
  username: 'Anna Nowak',
};
const session = (expiresInMs = 30 * MIN, user = owner): SessionResponse => ({
  user,
  accessTokenExpiresAt: new Date(Date.now() + expiresInMs).toISOString(),
});
const unauthenticated = () =>
  toApiError(401, { code: 'UNAUTHENTICATED', localizedMessage: 'Zaloguj się' }, '');

function memoryStorage(
  initial: SessionTiming | null = null,
): SessionTimingStorage & { value: SessionTiming | null } {
  return {
    value: initial,
    load() {
      return this.value;
    },
    save(timing) {
      this.value = timing;
    },
    clear() {
      this.value = null;
    },
  };
}

function fakeGateway(overrides: Partial<AuthGateway> = {}) {
  return {
    login: vi.fn(async () => session()),
    register: vi.fn(async () => ({ userId: 'u-9' })),
    getProfile: vi.fn<AuthGateway['getProfile']>(async () => owner),
    logout: vi.fn(async () => undefined),
    refresh: vi.fn<AuthGateway['refresh']>(async () => session()),
    parseSession: (body: unknown) => body as SessionResponse | undefined,
    mayHaveSession: vi.fn(() => true),
    ...overrides,
  } satisfies AuthGateway;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('auth store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('fetches the profile automatically while idle; a 401 → unauthenticated', async () => {
    const gateway = fakeGateway({ getProfile: vi.fn(async () => Promise.reject(unauthenticated())) });
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    const ready = store.ensureReady();
    expect(store.getState().status).toBe('profile_loading');
    await expect(ready).resolves.toMatchObject({ status: 'unauthenticated', user: null });
    expect(gateway.getProfile).toHaveBeenCalledTimes(1);
  });

  it('no session hint in the browser → unauthenticated at once, without calls; forgets a stored schedule', async () => {
    const gateway = fakeGateway({ mayHaveSession: vi.fn(() => false) });
    const storage = memoryStorage({ lastRefreshedAt: T0 - MIN, accessTokenExpiresAt: T0 + MIN });
    const store = createAuthStore({ gateway, storage });
    const statuses: string[] = [];
    store.subscribe(() => statuses.push(store.getState().status));
    await expect(store.ensureReady()).resolves.toMatchObject({ status: 'unauthenticated', user: null });
    expect(statuses).toEqual(['unauthenticated']);
    expect(gateway.getProfile).not.toHaveBeenCalled();
    expect(gateway.refresh).not.toHaveBeenCalled();
    expect(storage.value).toBeNull();
    // a sign-in still works the usual way (the hint arrives with the session cookies)
    vi.mocked(gateway.mayHaveSession).mockReturnValue(true);
    await expect(store.login({ email: owner.email, password: 'tajne123' })).resolves.toEqual(owner);
    expect(store.getState()).toMatchObject({ status: 'succeeded', user: owner });
  });

  it('concurrent ensureReady calls share one profile call', async () => {
    const gateway = fakeGateway();
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    const [a, b] = await Promise.all([store.ensureReady(), store.ensureReady()]);
    expect(a.user).toEqual(owner);
    expect(b.status).toBe('succeeded');
    expect(gateway.getProfile).toHaveBeenCalledTimes(1);
  });

  it('login → profile → succeeded, stores the session timing and schedules the refresh 5 min before expiry', async () => {
    const gateway = fakeGateway({ getProfile: vi.fn().mockRejectedValueOnce(unauthenticated()) });
    const storage = memoryStorage();
    const store = createAuthStore({ gateway, storage });
    await store.ensureReady();
    vi.mocked(gateway.getProfile).mockResolvedValue(owner);

    const statuses: string[] = [];
    store.subscribe(() => statuses.push(store.getState().status));
    await expect(store.login({ email: owner.email, password: 'tajne123' })).resolves.toEqual(owner);

    expect(statuses).toEqual(['login_pending', 'profile_loading', 'profile_loading', 'succeeded']);
    expect(store.getState()).toMatchObject({ user: owner, lastRefreshedAt: T0, lastLoadedAt: T0 });
    expect(storage.value).toEqual({ lastRefreshedAt: T0, accessTokenExpiresAt: T0 + 30 * MIN });

    await vi.advanceTimersByTimeAsync(25 * MIN - 1);
    expect(gateway.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gateway.refresh).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'succeeded', lastRefreshedAt: T0 + 25 * MIN });
    // and the next one is planned from the new session
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(gateway.refresh).toHaveBeenCalledTimes(2);
  });

  it("login failure → failed with the server's message and rejects", async () => {
    const error = toApiError(
      401,
      { code: 'AUTH.INVALID_CREDENTIALS', localizedMessage: 'Nieprawidłowy e-mail lub hasło.' },
      '',
    );
    const gateway = fakeGateway({ login: vi.fn(async () => Promise.reject(error)) });
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.ensureReady();
    await expect(store.login({ email: 'a@b.pl', password: 'x' })).rejects.toBe(error);
    expect(store.getState()).toMatchObject({ status: 'failed', error: 'Nieprawidłowy e-mail lub hasło.' });
  });

  it('register keeps the new user id; failure → Błąd podczas rejestracji', async () => {
    const store = createAuthStore({ gateway: fakeGateway(), storage: memoryStorage() });
    await store.ensureReady();
    const body = {
      email: 'a@b.pl',
      password: 'haslo1234',
      username: 'Anna',
      role: 'customer' as const,
      acceptTerms: true as const,
    };
    await expect(store.register(body)).resolves.toBe('u-9');
    expect(store.getState().registeredUserId).toBe('u-9');

    const failing = createAuthStore({
      gateway: fakeGateway({ register: vi.fn(async () => Promise.reject(new Error('x'))) }),
      storage: memoryStorage(),
    });
    await failing.ensureReady();
    await expect(failing.register(body)).rejects.toThrow('x');
    expect(failing.getState().error).toBe('Błąd podczas rejestracji');
  });

  it('logout → idle, clears the user and the timing, stops refreshing, then re-checks the profile', async () => {
    const gateway = fakeGateway();
    const storage = memoryStorage();
    const store = createAuthStore({ gateway, storage });
    await store.login({ email: owner.email, password: 'x' });
    vi.mocked(gateway.getProfile).mockRejectedValue(unauthenticated());

    const statuses: string[] = [];
    store.subscribe(() => statuses.push(store.getState().status));
    await store.logout();
    expect(statuses.slice(0, 2)).toEqual(['logout_pending', 'idle']);
    expect(storage.value).toBeNull();
    await flush();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });

    await vi.advanceTimersByTimeAsync(120 * MIN);
    expect(gateway.refresh).not.toHaveBeenCalled();
  });

  it('a logout and an account ended by the server forget what the device cached; a failed logout does not', async () => {
    const onSignedOut = vi.fn();
    const failing = createAuthStore({
      gateway: fakeGateway({ logout: vi.fn(async () => Promise.reject(new Error('offline'))) }),
      storage: memoryStorage(),
      onSignedOut,
    });
    await failing.login({ email: owner.email, password: 'x' });
    await expect(failing.logout()).rejects.toThrow('offline');
    expect(onSignedOut).not.toHaveBeenCalled();

    const store = createAuthStore({ gateway: fakeGateway(), storage: memoryStorage(), onSignedOut });
    await store.login({ email: owner.email, password: 'x' });
    await store.logout();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    store.signedOut();
    expect(onSignedOut).toHaveBeenCalledTimes(2);
  });

  it('logout failure → Błąd podczas wylogowywania, still signed in', async () => {
    const gateway = fakeGateway({ logout: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.login({ email: owner.email, password: 'x' });
    await expect(store.logout()).rejects.toThrow('offline');
    expect(store.getState()).toMatchObject({
      status: 'failed',
      error: 'Błąd podczas wylogowywania',
      user: owner,
    });
  });

  it('a failed refresh (401) → unauthenticated and no more refreshes', async () => {
    const gateway = fakeGateway({
      refresh: vi.fn(async () => Promise.reject(new AuthenticationFailedApiError())),
    });
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.login({ email: owner.email, password: 'x' });
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, isRefreshing: false });
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(gateway.refresh).toHaveBeenCalledTimes(1);
  });

  it("another refresh failure → 'Odświeżanie sesji nie powiodło się' and a retry after 5 min", async () => {
    const gateway = fakeGateway();
    vi.mocked(gateway.refresh).mockRejectedValueOnce(new Error('boom'));
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.login({ email: owner.email, password: 'x' });
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(store.getState()).toMatchObject({ status: 'failed', error: 'Odświeżanie sesji nie powiodło się' });
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(gateway.refresh).toHaveBeenCalledTimes(2);
    expect(store.getState()).toMatchObject({ status: 'succeeded', error: null });
  });

  it('a refresh without a connection keeps the person signed in and tries again later', async () => {
    const gateway = fakeGateway();
    vi.mocked(gateway.refresh).mockRejectedValueOnce(new NetworkApiError(new TypeError('Failed to fetch')));
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.login({ email: owner.email, password: 'x' });
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(store.getState()).toMatchObject({ status: 'failed', user: owner });
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(store.getState()).toMatchObject({ status: 'succeeded', user: owner });
  });

  it('tab visible again after 25+ min: refreshes at once (forced)', async () => {
    const gateway = fakeGateway({ login: vi.fn(async () => session(120 * MIN)) });
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.login({ email: owner.email, password: 'x' });
    store.checkSessionFreshness();
    expect(gateway.refresh).not.toHaveBeenCalled();
    vi.setSystemTime(T0 + 26 * MIN); // the timer was throttled in the background
    store.checkSessionFreshness();
    await flush();
    expect(gateway.refresh).toHaveBeenCalledTimes(1);
  });

  it('a page load with a stored timing schedules from it; without one it refreshes once to learn the expiry', async () => {
    const stored = memoryStorage({ lastRefreshedAt: T0 - 10 * MIN, accessTokenExpiresAt: T0 + 20 * MIN });
    const gateway = fakeGateway();
    const store = createAuthStore({ gateway, storage: stored });
    await store.ensureReady();
    await vi.advanceTimersByTimeAsync(15 * MIN - 1);
    expect(gateway.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(gateway.refresh).toHaveBeenCalledTimes(1);

    const fresh = fakeGateway();
    const other = createAuthStore({ gateway: fresh, storage: memoryStorage() });
    await other.ensureReady();
    await flush();
    expect(fresh.refresh).toHaveBeenCalledTimes(1);
  });

  it('the API client healing a 401 counts as a refresh; its failure ends the session', async () => {
    const gateway = fakeGateway();
    const storage = memoryStorage();
    const store = createAuthStore({ gateway, storage });
    await store.login({ email: owner.email, password: 'x' });

    vi.setSystemTime(T0 + 7 * MIN);
    store.onExternalRefresh(session());
    expect(store.getState().lastRefreshedAt).toBe(T0 + 7 * MIN);
    expect(storage.value?.lastRefreshedAt).toBe(T0 + 7 * MIN);

    store.onAuthFailure();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(storage.value).toBeNull();
  });

  it('signedOut (account deleted) clears the user like a logout', async () => {
    const gateway = fakeGateway();
    const store = createAuthStore({ gateway, storage: memoryStorage() });
    await store.login({ email: owner.email, password: 'x' });
    vi.mocked(gateway.getProfile).mockRejectedValue(unauthenticated());
    store.signedOut();
    expect(store.getState()).toMatchObject({ status: 'idle', user: null });
    expect(gateway.logout).not.toHaveBeenCalled();
  });
});
