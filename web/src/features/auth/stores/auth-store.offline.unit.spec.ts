import type { SessionResponse } from '@punkto/contracts/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkApiError, toApiError } from '../../../lib/api/api-errors';
import type { AuthUser } from '../types';
import { createAuthStore, type AuthGateway, type SessionTimingStorage } from './auth-store';
import { createLastProfileStorage } from './last-profile-storage';

// ADR 0049: a start without a connection restores the staff member's last profile, so the scanner and its
// queue open after a reload offline; the kept profile never stands for anyone but this browser's session.

const staff = (id: string, username: string): AuthUser => ({
  id,
  email: `${id}@kawiarnia.pl`,
  tenantId: 't-1',
  role: 'business_owner',
  username,
});
const anna = staff('u-1', 'Anna Nowak');
const piotr = staff('u-2', 'Piotr Zieliński');
const customer: AuthUser = {
  id: 'c-1',
  email: 'jan@poczta.pl',
  tenantId: null,
  role: 'customer',
  username: 'Jan',
};
const offline = () => new NetworkApiError(new TypeError('Failed to fetch'));
const unauthenticated = () =>
  toApiError(401, { code: 'UNAUTHENTICATED', localizedMessage: 'Zaloguj się' }, '');

function memoryLocalStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const noTiming: SessionTimingStorage = { load: () => null, save: () => undefined, clear: () => undefined };

function fakeGateway(overrides: Partial<AuthGateway> = {}) {
  return {
    login: vi.fn(async () => ({ user: piotr, accessTokenExpiresAt: new Date().toISOString() })),
    register: vi.fn(async () => ({ userId: 'u-9' })),
    getProfile: vi.fn<AuthGateway['getProfile']>(async () => anna),
    logout: vi.fn(async () => undefined),
    refresh: vi.fn<AuthGateway['refresh']>(async () => undefined),
    parseSession: (body: unknown) => body as SessionResponse | undefined,
    mayHaveSession: vi.fn(() => true),
    ...overrides,
  } satisfies AuthGateway;
}

/** A page load: a new store over the same browser storage. */
function pageLoad(browser: ReturnType<typeof memoryLocalStorage>, gateway: AuthGateway) {
  const onRestoredSessionEnded = vi.fn();
  const store = createAuthStore({
    gateway,
    storage: noTiming,
    lastProfile: createLastProfileStorage(browser),
    onRestoredSessionEnded,
  });
  return { store, onRestoredSessionEnded };
}

describe('a reload without a connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('restores the staff member the server last answered, and asks the server again once online', async () => {
    const browser = memoryLocalStorage();
    await pageLoad(browser, fakeGateway()).store.ensureReady();

    const getProfile = vi.fn<AuthGateway['getProfile']>(async () => Promise.reject(offline()));
    const gateway = fakeGateway({ getProfile });
    const { store } = pageLoad(browser, gateway);
    await expect(store.ensureReady()).resolves.toMatchObject({ status: 'succeeded', user: anna });

    // online again: the server's answer (a new name meanwhile) replaces the kept one
    getProfile.mockResolvedValueOnce({ ...anna, username: 'Anna Kowalska' });
    await store.confirmRestoredProfile();
    expect(store.getState().user?.username).toBe('Anna Kowalska');
    expect(getProfile).toHaveBeenCalledTimes(2);
    await store.confirmRestoredProfile(); // confirmed: nothing more to ask
    expect(getProfile).toHaveBeenCalledTimes(2);
  });

  it('ends a restored session the server no longer knows, and forgets the profile', async () => {
    const browser = memoryLocalStorage();
    await pageLoad(browser, fakeGateway()).store.ensureReady();
    const getProfile = vi.fn<AuthGateway['getProfile']>(async () => Promise.reject(offline()));
    const gateway = fakeGateway({ getProfile });
    const { store, onRestoredSessionEnded } = pageLoad(browser, gateway);
    await store.ensureReady();

    getProfile.mockRejectedValueOnce(unauthenticated());
    await store.confirmRestoredProfile();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(onRestoredSessionEnded).toHaveBeenCalledTimes(1);
    expect(createLastProfileStorage(browser).load()).toBeNull();
  });

  it('restores nobody after a sign-out, and nobody when the server answered (only a failed fetch counts)', async () => {
    const browser = memoryLocalStorage();
    // signing out removes the session cookie: the browser holds no session after it
    let signedIn = true;
    const first = pageLoad(
      browser,
      fakeGateway({ logout: vi.fn(async () => void (signedIn = false)), mayHaveSession: () => signedIn }),
    ).store;
    await first.ensureReady();
    await first.logout();
    const afterLogout = pageLoad(
      browser,
      fakeGateway({ getProfile: vi.fn(async () => Promise.reject(offline())) }),
    );
    await expect(afterLogout.store.ensureReady()).resolves.toMatchObject({ status: 'failed', user: null });

    await pageLoad(browser, fakeGateway()).store.ensureReady();
    const refused = pageLoad(
      browser,
      fakeGateway({ getProfile: vi.fn(async () => Promise.reject(unauthenticated())) }),
    );
    await expect(refused.store.ensureReady()).resolves.toMatchObject({
      status: 'unauthenticated',
      user: null,
    });
    expect(createLastProfileStorage(browser).load()).toBeNull();
  });

  it('never restores the previous person after someone else signs in, and never keeps a customer', async () => {
    const browser = memoryLocalStorage();
    await pageLoad(browser, fakeGateway()).store.ensureReady(); // Anna seen
    // Piotr signs in on the same browser, but his profile call fails: Anna must not appear
    const getProfile = vi.fn<AuthGateway['getProfile']>(async () => Promise.reject(offline()));
    const gateway = fakeGateway({ getProfile });
    const { store } = pageLoad(browser, gateway);
    await store.ensureReady(); // (Anna restored at the start, offline)
    await store.login({ email: piotr.email, password: 'x' });
    expect(store.getState().user).toBeNull();
    expect(createLastProfileStorage(browser).load()).toBeNull();

    const kept = createLastProfileStorage(browser);
    kept.save(customer);
    expect(kept.load()).toBeNull();
    browser.setItem('punkto.last-profile', '{"id":');
    expect(kept.load()).toBeNull();
  });
});
